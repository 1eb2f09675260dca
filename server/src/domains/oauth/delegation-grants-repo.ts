import type { Knex } from 'knex';
import { newestFirstNumberedPage } from '../../http/listing.js';

/** A user's consent that an agent client may act for them by token exchange (migration 20261202_41). */
export interface DelegationGrantRow {
  id: string;
  principal_id: string;
  agent_client_id: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by: string | null;
}

export async function insertDelegationGrant(db: Knex, row: Omit<DelegationGrantRow, 'revoked_at' | 'revoked_by'>): Promise<void> {
  await db('delegation_grants').insert(row);
}

/**
 * The grant under which `agentClientId` may act for `principalId` at `now`: live (not revoked, not
 * expired). One at most: a renewed consent revokes the old one (migration 20261203_32).
 */
export async function findLiveDelegationGrant(db: Knex, principalId: string, agentClientId: string, now: Date): Promise<DelegationGrantRow | undefined> {
  return db<DelegationGrantRow>('delegation_grants')
    .where({ principal_id: principalId, agent_client_id: agentClientId })
    .whereNull('revoked_at')
    .where('expires_at', '>', now)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first();
}

export async function findDelegationGrant(db: Knex, id: string): Promise<DelegationGrantRow | undefined> {
  return db<DelegationGrantRow>('delegation_grants').where({ id }).first();
}

/** Which grants GET /delegation-grants lists: one user's, or every user's (admin:all). */
export interface DelegationGrantFilter {
  principalId: string | undefined;
  page: number;
  limit: number;
}

/** One page of grants, newest first, and how many match. */
export async function listDelegationGrants(db: Knex, filter: DelegationGrantFilter): Promise<{ rows: DelegationGrantRow[]; total: number }> {
  const matching = (): Knex.QueryBuilder => {
    const query = db('delegation_grants');
    if (filter.principalId !== undefined) query.where({ principal_id: filter.principalId });
    return query;
  };
  const [rows, counted] = await Promise.all([
    newestFirstNumberedPage(matching().select('*'), filter.page, filter.limit),
    matching().count<Array<{ count: string }>>({ count: '*' }),
  ]);
  return { rows: rows as DelegationGrantRow[], total: Number(counted[0]?.count ?? 0) };
}

/**
 * Revokes a live grant; undefined when it was already revoked. Of concurrent revocations exactly
 * one updates the row. The tokens exchanged under it are refused from the commit on, on every
 * replica (token_exchanges.grant_ids, and the credentials counter moves: migration 20261202_43).
 */
export async function revokeDelegationGrant(db: Knex, id: string, by: string, now: Date): Promise<DelegationGrantRow | undefined> {
  const [row] = (await db('delegation_grants')
    .where({ id })
    .whereNull('revoked_at')
    .update({ revoked_at: now, revoked_by: by })
    .returning('*')) as DelegationGrantRow[];
  return row;
}

/**
 * Revokes the unrevoked grant (live or expired) of one user for one agent: a new consent replaces
 * it. Locked first and updated only when there is one, as the update's statement trigger would
 * otherwise move the credentials counter (and empty every replica's token cache) on each first consent.
 */
export async function revokeUnrevokedDelegationGrants(
  db: Knex,
  principalId: string,
  agentClientId: string,
  by: string,
  now: Date,
): Promise<DelegationGrantRow[]> {
  const ids = (await db('delegation_grants')
    .where({ principal_id: principalId, agent_client_id: agentClientId })
    .whereNull('revoked_at')
    .forUpdate()
    .pluck('id')) as string[];
  if (ids.length === 0) return [];
  return (await db('delegation_grants')
    .whereIn('id', ids)
    .whereNull('revoked_at')
    .update({ revoked_at: now, revoked_by: by })
    .returning('*')) as DelegationGrantRow[];
}

/** The lineage of an exchanged token (migration 20261202_42): what it came from and stands on. */
export interface TokenExchangeRow {
  jti: string;
  source_jtis: string[];
  grant_ids: string[];
  expires_at: Date;
}

export async function recordTokenExchange(db: Knex, row: TokenExchangeRow): Promise<void> {
  await db('token_exchanges').insert(row);
}

export async function findTokenExchange(db: Knex, jti: string): Promise<TokenExchangeRow | undefined> {
  return db<TokenExchangeRow>('token_exchanges').where({ jti }).first();
}

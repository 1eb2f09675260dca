import type { Knex } from 'knex';
import { type ActorClaim, actorChain } from '../../../../core/src/index.js';
import { newestFirstNumberedPage } from '../../http/listing.js';

export interface ApiTokenRow {
  id: string;
  name: string;
  token_hash: string;
  token_hint: string;
  scopes: string[];
  subject: string;
  created_by: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_by: string | null;
  replaced_by: string | null;
}

/**
 * A token that may be used now: not revoked, not expired, and not issued before its owner's
 * tokens were cut (token_owner_cutoffs: the subject disabled, deleted, demoted from admin; a
 * client deleted), counted in whole seconds as access tokens' `iat` is. The one rule for API
 * tokens, at the resource server and at introspection.
 */
export async function findUsableApiToken(db: Knex, tokenHash: string, now: Date): Promise<ApiTokenRow | undefined> {
  return db<ApiTokenRow>('api_tokens')
    .where({ token_hash: tokenHash })
    .whereNull('revoked_at')
    .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', now))
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('token_owner_cutoffs as c')
        .whereRaw("c.owner_id = api_tokens.subject AND (c.suspended OR date_trunc('second', api_tokens.created_at) <= c.cut_at)"),
    )
    .first();
}

export async function findApiTokenById(db: Knex, id: string): Promise<ApiTokenRow | undefined> {
  return db<ApiTokenRow>('api_tokens').where({ id }).first();
}

export async function findApiTokenByHash(db: Knex, tokenHash: string): Promise<ApiTokenRow | undefined> {
  return db<ApiTokenRow>('api_tokens').where({ token_hash: tokenHash }).first();
}

export async function insertApiToken(db: Knex, row: Omit<ApiTokenRow, 'last_used_at' | 'revoked_at' | 'revoked_by' | 'replaced_by'>): Promise<void> {
  await db('api_tokens').insert(row);
}

/** Revokes a live token; false when it was already revoked (or does not exist). */
export async function revokeApiToken(db: Knex, id: string, by: string, now: Date, replacedBy?: string): Promise<boolean> {
  const updated = await db('api_tokens')
    .where({ id })
    .whereNull('revoked_at')
    .update({ revoked_at: now, revoked_by: by, replaced_by: replacedBy ?? null });
  return updated === 1;
}

/**
 * Why a verified access token no longer stands: its jti was revoked, its owner's tokens were cut,
 * or (a token issued by token exchange) a token it came from was revoked or a delegation grant it
 * stands on was.
 */
export type AccessTokenRefusal = 'revoked' | 'owner_cut' | 'delegation_ended';

/**
 * The one rule for a signed access token's standing, at the resource server, at introspection and
 * at token exchange, in one round trip: its `jti` is not in revoked_access_tokens, and neither its
 * subject (a principal) nor its client has had its tokens cut (token_owner_cutoffs) at or after
 * its `iat` (whole seconds: a token of the cut's own second is refused, as it may predate it).
 * A delegated token (RFC 8693 `act`) answers for its actors too: none of their owners cut, none of
 * the tokens in its lineage revoked, none of its delegation grants revoked (token_exchanges,
 * written before the token was handed out, so a revocation racing the exchange still ends it).
 */
export async function accessTokenRefusal(
  db: Knex,
  claims: { jti: string; sub: string; client_id: string; iat: number; act?: ActorClaim },
): Promise<AccessTokenRefusal | undefined> {
  if (!claims.act) {
    const { rows } = await db.raw<{ rows: RefusalRow[] }>(
      `SELECT EXISTS (SELECT 1 FROM revoked_access_tokens WHERE jti = ?) AS revoked,
              EXISTS (SELECT 1 FROM token_owner_cutoffs
                       WHERE ((owner_kind = 'principal' AND owner_id = ?) OR (owner_kind = 'client' AND owner_id = ?))
                         AND (suspended OR ?::numeric <= extract(epoch FROM cut_at))) AS owner_cut,
              false AS delegation_ended`,
      [claims.jti, claims.sub, claims.client_id, claims.iat],
    );
    return refusalOf(rows[0]);
  }
  const actors = actorChain(claims.act);
  const principals = [claims.sub, ...actors.map((actor) => actor.sub)];
  // An actor's sub is a client id when its token came from client_credentials.
  const clients = [claims.client_id, ...actors.flatMap((actor) => (actor.client_id ? [actor.client_id, actor.sub] : [actor.sub]))];
  const { rows } = await db.raw<{ rows: RefusalRow[] }>(
    `SELECT EXISTS (SELECT 1 FROM revoked_access_tokens WHERE jti = ?) AS revoked,
            EXISTS (SELECT 1 FROM token_owner_cutoffs
                     WHERE ((owner_kind = 'principal' AND owner_id = ANY(?::text[])) OR (owner_kind = 'client' AND owner_id = ANY(?::text[])))
                       AND (suspended OR ?::numeric <= extract(epoch FROM cut_at))) AS owner_cut,
            EXISTS (SELECT 1 FROM token_exchanges x
                     WHERE x.jti = ?
                       AND (EXISTS (SELECT 1 FROM revoked_access_tokens r WHERE r.jti = ANY(x.source_jtis))
                            OR EXISTS (SELECT 1 FROM delegation_grants g WHERE g.id = ANY(x.grant_ids) AND g.revoked_at IS NOT NULL))) AS delegation_ended`,
    [claims.jti, principals, clients, claims.iat, claims.jti],
  );
  return refusalOf(rows[0]);
}

interface RefusalRow {
  revoked: boolean;
  owner_cut: boolean;
  delegation_ended: boolean;
}

function refusalOf(row: RefusalRow | undefined): AccessTokenRefusal | undefined {
  if (row?.revoked) return 'revoked';
  if (row?.owner_cut) return 'owner_cut';
  if (row?.delegation_ended) return 'delegation_ended';
  return undefined;
}

/** Revokes an access token by its jti; false when it was already revoked. */
export async function revokeAccessToken(db: Knex, jti: string, expiresAt: Date, by: string, now: Date): Promise<boolean> {
  const inserted = await db('revoked_access_tokens')
    .insert({ jti, expires_at: expiresAt, revoked_at: now, revoked_by: by })
    .onConflict('jti')
    .ignore()
    .returning('jti');
  return inserted.length === 1;
}

/** Which tokens GET /auth/tokens lists: one owner's, or every owner's (admin:all); by status at `now`. */
export interface ApiTokenListFilter {
  owner: string | undefined;
  status: 'active' | 'expired' | 'revoked' | undefined;
  now: Date;
  page: number;
  limit: number;
}

/** One page of tokens, newest first, and how many match; the hash is never read. */
export async function listApiTokens(db: Knex, filter: ApiTokenListFilter): Promise<{ rows: Array<Omit<ApiTokenRow, 'token_hash'>>; total: number }> {
  const matching = (): Knex.QueryBuilder => {
    const query = db('api_tokens');
    if (filter.owner !== undefined) query.where({ subject: filter.owner });
    if (filter.status === 'revoked') query.whereNotNull('revoked_at');
    else query.whereNull('revoked_at');
    if (filter.status === 'active') query.andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', filter.now));
    if (filter.status === 'expired') query.where('expires_at', '<=', filter.now);
    return query;
  };
  const [rows, counted] = await Promise.all([
    newestFirstNumberedPage(
      matching().select(
        'id',
        'name',
        'token_hint',
        'scopes',
        'subject',
        'created_by',
        'created_at',
        'expires_at',
        'last_used_at',
        'revoked_at',
        'revoked_by',
        'replaced_by',
      ),
      filter.page,
      filter.limit,
    ),
    matching().count<Array<{ count: string }>>({ count: '*' }),
  ]);
  return { rows: rows as Array<Omit<ApiTokenRow, 'token_hash'>>, total: Number(counted[0]?.count ?? 0) };
}

/**
 * Sets last_used_at to `now` unless it was set less than `intervalMs` ago, in one statement that
 * never waits: a row locked by a revocation or rotation is skipped (SKIP LOCKED), and of
 * concurrent requests on any replica only the first in the interval writes (the WHERE is checked
 * again on the locked row). Touches only last_used_at, which the credentials generation ignores
 * (migration 20261201_51). True when it wrote.
 */
export async function recordApiTokenUse(db: Knex, id: string, now: Date, intervalMs: number): Promise<boolean> {
  const before = new Date(now.getTime() - intervalMs);
  const { rowCount } = await db.raw<{ rowCount: number }>(
    `UPDATE api_tokens SET last_used_at = ?
      WHERE id = (SELECT id FROM api_tokens WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?) FOR UPDATE SKIP LOCKED)
        AND (last_used_at IS NULL OR last_used_at <= ?)`,
    [now, id, before, before],
  );
  return rowCount === 1;
}

import { randomUUID } from 'node:crypto';
import type { AuditedDatabase } from '../audit/index.js';
import { changeEvent } from '../../events/event.js';
import type { ChangeContext } from '../../events/types.js';
import { insertDelegationGrant, revokeDelegationGrant, revokeUnrevokedDelegationGrants, type DelegationGrantRow } from './delegation-grants-repo.js';

/** A delegation grant as the API, the events and the CLI show it (schemas/delegation-grant.json). */
export interface DelegationGrantSummary {
  id: string;
  principal_id: string;
  agent_client_id: string;
  scopes: string[];
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

export function summarizeDelegationGrant(row: DelegationGrantRow): DelegationGrantSummary {
  return {
    id: row.id,
    principal_id: row.principal_id,
    agent_client_id: row.agent_client_id,
    scopes: row.scopes,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    revoked_by: row.revoked_by,
  };
}

/** Another grant of the same user for the same agent was given at the same moment (two tabs): it stands. */
export class DelegationGrantRaced extends Error {
  constructor() {
    super('Another grant for this agent was given at the same moment');
    this.name = 'DelegationGrantRaced';
  }
}

/**
 * A user allows an agent client to act for them (the consent page), with delegation.granted, in
 * one transaction. The scopes are checked by the caller against what the user and the client hold.
 * A renewed consent replaces the pair's unrevoked grant (revoked, with delegation.revoked, so the
 * tokens exchanged under the old scopes end): one grant per user and agent, which the unique index
 * delegation_grants_one_unrevoked holds against concurrent consents (DelegationGrantRaced).
 */
export async function grantDelegation(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  input: { principalId: string; agentClientId: string; scopes: string[]; expiresAt: Date },
): Promise<DelegationGrantSummary> {
  const row: DelegationGrantRow = {
    id: randomUUID(),
    principal_id: input.principalId,
    agent_client_id: input.agentClientId,
    scopes: input.scopes,
    created_at: context.now,
    expires_at: input.expiresAt,
    revoked_at: null,
    revoked_by: null,
  };
  const after = summarizeDelegationGrant(row);
  try {
    await db.transaction(async (trx) => {
      const superseded = await revokeUnrevokedDelegationGrants(trx, input.principalId, input.agentClientId, context.actor.subject, context.now);
      await insertDelegationGrant(trx, row);
      await auditLog.append(trx, [
        ...superseded.map((old) => revokedEvent(context, old)),
        changeEvent(context, 'delegation.granted', { type: 'delegation_grant', id: row.id }, { before: null, after }),
      ]);
    });
  } catch (error) {
    // 23505 on the one-per-pair index: a concurrent consent committed first (the update above did not see it).
    if (
      (error as { code?: string; constraint?: string }).code === '23505' &&
      (error as { constraint?: string }).constraint === 'delegation_grants_one_unrevoked'
    )
      throw new DelegationGrantRaced();
    throw error;
  }
  return after;
}

function revokedEvent(context: ChangeContext, revoked: DelegationGrantRow) {
  const after = summarizeDelegationGrant(revoked);
  const before = { ...after, revoked_at: null, revoked_by: null };
  return changeEvent(context, 'delegation.revoked', { type: 'delegation_grant', id: revoked.id }, { before, after });
}

/**
 * Revokes a live grant with delegation.revoked, in one transaction: every token exchanged under it
 * is refused from the commit on, on every replica. Of concurrent revocations one records; a grant
 * already revoked changes nothing (undefined).
 */
export async function revokeDelegation({ db, auditLog }: AuditedDatabase, context: ChangeContext, id: string): Promise<DelegationGrantSummary | undefined> {
  return db.transaction(async (trx) => {
    const revoked = await revokeDelegationGrant(trx, id, context.actor.subject, context.now);
    if (!revoked) return undefined;
    await auditLog.append(trx, [revokedEvent(context, revoked)]);
    return summarizeDelegationGrant(revoked);
  });
}

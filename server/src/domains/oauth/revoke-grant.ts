import type { AuditedDatabase } from '../audit/index.js';
import type { ChangeContext } from '../../events/types.js';
import { revokeGrant } from './grants-repo.js';
import { grantRevokedEvent } from './oauth-events.js';

/** Why a token family ended, as oauth_grants.revoked_reason and the token.revoked event say it. */
export type GrantRevocationReason = 'revoked_by_client' | 'authorization_code_replayed' | 'refresh_token_reused' | 'user_inactive';

/**
 * Revokes a token family with its token.revoked event, in one transaction. A family already
 * revoked changes nothing and records nothing. Answers whether this call revoked it.
 */
export async function revokeGrantRecorded(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  grantId: string,
  reason: GrantRevocationReason,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const revoked = await revokeGrant(trx, grantId, reason, context.now);
    if (!revoked) return false;
    await auditLog.append(trx, [grantRevokedEvent(context, revoked)]);
    return true;
  });
}

import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import { findAuthorizationCode, type AuthorizationCodeRow } from '../../authorization-codes-repo.js';
import { clientContext, grantReplayedEvent, tokenEndpointContext } from '../../oauth-events.js';
import { revokeGrantRecorded } from '../../revoke-grant.js';
import type { GrantContext } from '../grant.js';

/**
 * RFC 6749 section 4.1.2: a code used more than once is refused, and the tokens issued from it
 * are revoked (someone other than the client may hold the code).
 */
export async function rejectReplayedCode(context: GrantContext, code: AuthorizationCodeRow): Promise<void> {
  if (code.used_at === null) return;
  await refuseReplayedCode(context, code);
}

/**
 * Revokes the family the code started (token.revoked, by the token endpoint itself), records the
 * replay (auth.failed, in the background) and refuses. Also called by redeemCode for the
 * redemption that lost a race, which is a replay too.
 */
export async function refuseReplayedCode(context: GrantContext, code: AuthorizationCodeRow): Promise<never> {
  const grantId = (await findAuthorizationCode(context.db, code.code_hash))?.grant_id ?? null;
  if (grantId) await revokeGrantRecorded(context, tokenEndpointContext(context.request, context.now), grantId, 'authorization_code_replayed');
  context.auditLog.appendInBackground([
    grantReplayedEvent(clientContext(code.client_id, context.request, context.now), code.client_id, 'authorization_code_replayed', grantId),
  ]);
  throw new InvalidGrant('The authorization code has already been used; the tokens issued from it are revoked');
}

import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import type { RefreshTokenWithGrant } from '../../grants-repo.js';
import { clientContext, grantReplayedEvent, tokenEndpointContext } from '../../oauth-events.js';
import { revokeGrantRecorded } from '../../revoke-grant.js';
import type { GrantContext } from '../grant.js';

/**
 * RFC 9700 section 4.14.2: a refresh token that was already rotated is being used by two
 * parties, the client and an attacker, and the server cannot tell which is which: the whole
 * family is revoked, its current refresh token and its unexpired access tokens included.
 */
export async function rejectReusedRefreshToken(context: GrantContext, token: RefreshTokenWithGrant): Promise<void> {
  if (token.used_at === null) return;
  await revokeReusedFamily(context, token);
}

/** The revocation (token.revoked, by the token endpoint itself), the reuse (auth.failed, in the background), the refusal. */
export async function revokeReusedFamily(context: GrantContext, token: RefreshTokenWithGrant): Promise<never> {
  const { grant } = token;
  await revokeGrantRecorded(context, tokenEndpointContext(context.request, context.now), grant.id, 'refresh_token_reused');
  context.auditLog.appendInBackground([
    grantReplayedEvent(clientContext(grant.client_id, context.request, context.now), grant.client_id, 'refresh_token_reused', grant.id),
  ]);
  throw new InvalidGrant('The refresh token was already used; every token of its family is revoked');
}

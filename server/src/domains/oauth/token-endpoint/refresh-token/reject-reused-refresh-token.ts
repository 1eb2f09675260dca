import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import { revokeGrant, type RefreshTokenWithGrant } from '../../grants-repo.js';
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

export async function revokeReusedFamily(context: GrantContext, token: RefreshTokenWithGrant): Promise<never> {
  await revokeGrant(context.db, token.grant.id, 'refresh_token_reused', context.now);
  throw new InvalidGrant('The refresh token was already used; every token of its family is revoked');
}

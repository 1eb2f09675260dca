import { resolveGrantResource } from '../resource-indicators.js';
import type { GrantHandler } from './grant.js';
import { checkGrantUsable } from './refresh-token/check-grant-usable.js';
import { checkRefreshTokenBinding } from './refresh-token/check-refresh-token-binding.js';
import { checkRefreshTokenClient } from './refresh-token/check-refresh-token-client.js';
import { findPresentedRefreshToken } from './refresh-token/find-presented-refresh-token.js';
import { readRefreshTokenParameter } from './refresh-token/read-refresh-token-parameter.js';
import { rejectReusedRefreshToken } from './refresh-token/reject-reused-refresh-token.js';
import { requireActiveUser } from './refresh-token/require-active-user.js';
import { resolveRefreshScopes } from './refresh-token/resolve-refresh-scopes.js';
import { rotateRefreshToken } from './refresh-token/rotate-refresh-token.js';

/**
 * grant_type=refresh_token (RFC 6749 section 6), one check per file, in this order. Refresh
 * tokens rotate on every use, and a rotated token presented again revokes its whole family
 * (RFC 9700 section 4.14.2): public clients such as the CLI have no other sender constraint.
 */
export const refreshTokenGrant: GrantHandler = async (context, client, params) => {
  const presented = readRefreshTokenParameter(params); // refresh_token is required
  const token = await findPresentedRefreshToken(context.db, presented); // unknown token: invalid_grant
  checkRefreshTokenClient(token, client); // issued to another client: invalid_grant
  checkGrantUsable(token.grant, context.now); // family revoked or past its absolute lifetime: invalid_grant
  checkRefreshTokenBinding(token.grant, context.jkt); // bound to a DPoP key (RFC 9449 section 5), no proof of it: invalid_grant
  await rejectReusedRefreshToken(context, token); // already rotated: revoke the family, invalid_grant
  const user = await requireActiveUser(context, token.grant); // user disabled or deleted: revoke the family, invalid_grant
  const scopes = resolveRefreshScopes(params.scope, token.grant, user); // narrower only; what the user may still grant
  const audience = resolveGrantResource(params.resource, token.grant.resource, context.resources); // RFC 8707: the grant's API, never wider: invalid_target
  return rotateRefreshToken(context, token, scopes, audience); // exactly one rotation wins; new access and refresh token
};

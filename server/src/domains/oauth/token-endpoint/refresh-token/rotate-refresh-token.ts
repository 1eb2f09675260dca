import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import type { OAuthTokenResponse } from '../../../../../../core/src/index.js';
import { lockGrant, markRefreshTokenUsed, type RefreshTokenWithGrant } from '../../grants-repo.js';
import type { GrantContext } from '../grant.js';
import { tokenTypeOf } from '../dpop-binding.js';
import { issueGrantTokens, type GrantTokens } from '../issue-grant-tokens.js';
import { revokeReusedFamily } from './reject-reused-refresh-token.js';

/**
 * One transaction: lock the grant (a revocation in flight either finished, and is seen here, or
 * waits and then revokes what this issues), mark the presented token used (of concurrent
 * refreshes with the same token exactly one gets through; the others are reuse), and issue the
 * next access and refresh token of the family, with their auth.token_issued event.
 */
export async function rotateRefreshToken(context: GrantContext, token: RefreshTokenWithGrant, scopes: string[], audience: string): Promise<OAuthTokenResponse> {
  const outcome = await context.db.transaction(async (trx): Promise<GrantTokens | 'revoked' | 'reused'> => {
    const grant = await lockGrant(trx, token.grant.id);
    if (!grant || grant.revoked_at !== null) return 'revoked';
    if (!(await markRefreshTokenUsed(trx, token.token_hash, context.now))) return 'reused';
    return issueGrantTokens(trx, context, {
      grantType: 'refresh_token',
      grantId: grant.id,
      clientId: grant.client_id,
      principalId: grant.principal_id,
      scopes,
      audience,
    });
  });
  if (outcome === 'revoked') throw new InvalidGrant('The refresh token has been revoked');
  if (outcome === 'reused') return revokeReusedFamily(context, token);
  // Spec, "Token response": the refresh response has no created_at.
  return {
    access_token: outcome.accessToken.token,
    token_type: tokenTypeOf(context.jkt),
    expires_in: context.accessTokenTtlSeconds,
    refresh_token: outcome.refreshToken,
    scope: outcome.accessToken.claims.scope,
  };
}

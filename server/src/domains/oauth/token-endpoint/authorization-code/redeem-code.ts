import { randomUUID } from 'node:crypto';
import type { OAuthTokenResponse } from '../../../../../../core/src/index.js';
import { consumeAuthorizationCode, attachGrantToCode, type AuthorizationCodeRow } from '../../authorization-codes-repo.js';
import { insertGrant } from '../../grants-repo.js';
import { oauthLifetimes } from '../../lifetimes.js';
import type { GrantContext } from '../grant.js';
import { tokenTypeOf } from '../dpop-binding.js';
import { issueGrantTokens, type GrantTokens } from '../issue-grant-tokens.js';
import { refuseReplayedCode } from './reject-replayed-code.js';

/**
 * One transaction: take the code (the conditional UPDATE lets exactly one of concurrent
 * redemptions through), start the grant, issue its first access and refresh tokens with their
 * auth.token_issued event. The redemption that loses is a replay: it revokes what the winner got.
 */
export async function redeemCode(
  context: GrantContext,
  code: AuthorizationCodeRow,
  audience: string,
  refreshTokenJkt: string | null,
): Promise<OAuthTokenResponse> {
  const grantId = randomUUID();
  const issued = await context.db.transaction(async (trx): Promise<GrantTokens | undefined> => {
    if (!(await consumeAuthorizationCode(trx, code.code_hash, context.now))) return undefined;
    await insertGrant(trx, {
      id: grantId,
      client_id: code.client_id,
      principal_id: code.principal_id,
      scopes: code.scopes,
      resource: code.resource,
      created_at: context.now,
      expires_at: new Date(context.now.getTime() + oauthLifetimes.refreshTokenSeconds * 1000),
      dpop_jkt: refreshTokenJkt,
    });
    await attachGrantToCode(trx, code.code_hash, grantId);
    return issueGrantTokens(trx, context, {
      grantType: 'authorization_code',
      grantId,
      clientId: code.client_id,
      principalId: code.principal_id,
      scopes: code.scopes,
      audience,
    });
  });
  if (!issued) return refuseReplayedCode(context, code);
  // Spec, "Token response": the authorization_code response carries refresh_token and created_at.
  return {
    access_token: issued.accessToken.token,
    token_type: tokenTypeOf(context.jkt),
    expires_in: context.accessTokenTtlSeconds,
    refresh_token: issued.refreshToken,
    scope: issued.accessToken.claims.scope,
    created_at: issued.accessToken.claims.iat,
  };
}

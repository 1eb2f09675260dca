import type { Knex } from 'knex';
import { generateSecret } from '../../../../../core/src/index.js';
import { hashSecret } from '../../../security/secrets.js';
import { signAccessToken, type IssuedAccessToken } from '../access-token.js';
import { insertRefreshToken, recordGrantAccessToken } from '../grants-repo.js';
import { clientContext, tokenIssuedEvent } from '../oauth-events.js';
import type { GrantContext } from './grant.js';

export interface GrantTokens {
  accessToken: IssuedAccessToken;
  refreshToken: string;
}

/**
 * A new access token and refresh token of a grant's family, written in the caller's transaction:
 * the access token's jti (so revoking the grant can revoke it) and the refresh token's SHA-256
 * (the token itself is never stored). The access token's subject is the user's principal id.
 * Then auth.token_issued, in the same transaction: callers issue last, just before the commit,
 * because recording holds the audit log's append lock until then (the audit log's append, domains/audit/log.ts).
 */
export async function issueGrantTokens(
  trx: Knex.Transaction,
  context: GrantContext,
  input: {
    grantType: 'authorization_code' | 'refresh_token';
    grantId: string;
    clientId: string;
    principalId: string;
    scopes: readonly string[];
    /** RFC 8707: the API the access token is for (resolveGrantResource). */
    audience: string;
  },
): Promise<GrantTokens> {
  const accessToken = await signAccessToken(context.keys, {
    issuer: context.issuer,
    audience: input.audience,
    subject: input.principalId,
    clientId: input.clientId,
    scopes: input.scopes,
    ttlSeconds: context.accessTokenTtlSeconds,
    now: context.now,
    jkt: context.jkt,
  });
  await recordGrantAccessToken(trx, { jti: accessToken.claims.jti, grant_id: input.grantId, expires_at: new Date(accessToken.claims.exp * 1000) });
  const refreshToken = generateSecret('refresh_token');
  await insertRefreshToken(trx, { token_hash: hashSecret(refreshToken), grant_id: input.grantId, created_at: context.now });
  await context.auditLog.append(trx, [
    tokenIssuedEvent(clientContext(input.clientId, context.request, context.now), input.grantType, accessToken.claims, input.grantId),
  ]);
  return { accessToken, refreshToken };
}

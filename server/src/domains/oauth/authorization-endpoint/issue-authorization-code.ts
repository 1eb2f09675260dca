import type { Knex } from 'knex';
import { generateOpaqueToken, hashSecret } from '../../../security/secrets.js';
import { insertAuthorizationCode } from '../authorization-codes-repo.js';
import { oauthLifetimes } from '../lifetimes.js';
import type { AuthorizationRequest } from './index.js';

/**
 * The code handed to the client after the user approves: 256 random bits, stored as SHA-256
 * with what redemption checks (client, redirect URI, PKCE challenge), the consented scopes and
 * the resource (RFC 8707).
 */
export async function issueAuthorizationCode(
  db: Knex,
  request: AuthorizationRequest,
  grant: { principalId: string; scopes: readonly string[]; now: Date },
): Promise<string> {
  const code = generateOpaqueToken();
  await insertAuthorizationCode(db, {
    code_hash: hashSecret(code),
    client_id: request.client.client_id,
    principal_id: grant.principalId,
    redirect_uri: request.redirectUri,
    scopes: [...grant.scopes],
    code_challenge: request.codeChallenge ?? null,
    code_challenge_method: request.codeChallenge === undefined ? null : 'S256',
    resource: request.resource ?? null,
    created_at: grant.now,
    expires_at: new Date(grant.now.getTime() + oauthLifetimes.authorizationCodeSeconds * 1000),
  });
  return code;
}

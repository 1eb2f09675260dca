import type { FastifyRequest } from 'fastify';
import { InvalidRequest, UnsupportedTokenType } from '../../errors/oauth-errors.js';
import type { OAuthRevocationRequest } from '../../generated/schema-types.js';
import { revokeAccessToken } from '../api-tokens/repo.js';
import { revokeGrant } from './grants-repo.js';
import { identifyPresentedToken, type TokenLookupDeps } from './identify-presented-token.js';
import { readOAuthParameters } from './read-oauth-parameters.js';
import { authenticateClient } from './token-endpoint/authenticate-client.js';
import { readClientCredentials } from './token-endpoint/read-client-credentials.js';

/**
 * POST /oauth/revoke, RFC 7009, as ordered steps. A client revokes its own tokens: a refresh
 * token revokes its whole family, access tokens included (section 2.1 SHOULD); an access token
 * revokes itself. An unknown, expired or already revoked token is not an error (section 2.2):
 * the answer is 200 either way, so the endpoint tells nothing about tokens it does not own.
 */
export async function handleRevocationRequest(request: FastifyRequest, deps: TokenLookupDeps): Promise<void> {
  const params = readOAuthParameters<OAuthRevocationRequest>(request.body, 'oauth-revocation-request');
  const client = await authenticateClient(deps.db, readClientCredentials(request, params));
  const presented = await identifyPresentedToken(deps, params.token);
  const by = `client:${client.client_id}`;
  switch (presented.kind) {
    case 'unknown':
      return;
    case 'api_token':
      // API tokens belong to no client: DELETE /v1/auth/revoke revokes them.
      throw new UnsupportedTokenType('API tokens are revoked with DELETE /v1/auth/revoke, not here');
    case 'refresh_token':
      if (presented.token.grant.client_id !== client.client_id) throw notYours();
      await revokeGrant(deps.db, presented.token.grant.id, 'revoked_by_client', deps.now);
      return;
    case 'access_token':
      if (presented.claims.client_id !== client.client_id) throw notYours();
      await revokeAccessToken(deps.db, presented.claims.jti, new Date(presented.claims.exp * 1000), by, deps.now);
      return;
  }
}

/** node-oidc-provider's answer: a client may not revoke (and so probe) another client's tokens. */
function notYours(): InvalidRequest {
  return new InvalidRequest('This token was not issued to the authenticated client');
}

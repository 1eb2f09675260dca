import type { FastifyRequest } from 'fastify';
import { InvalidRequest, UnsupportedTokenType } from '../../errors/oauth-errors.js';
import { requestInfoOf } from '../../events/context.js';
import type { OAuthRevocationRequest } from '../../../../core/src/index.js';
import { revokeAccessTokenRecorded } from '../api-tokens/index.js';
import type { AuditedDatabase } from '../audit/index.js';
import { identifyPresentedToken, type TokenLookupDeps } from './identify-presented-token.js';
import { clientContext } from './oauth-events.js';
import { readOAuthParameters } from './read-oauth-parameters.js';
import { revokeGrantRecorded } from './revoke-grant.js';
import { authenticateRequestClient, type ClientAuthenticationDeps } from './token-endpoint/authenticate-client.js';

/**
 * POST /oauth/revoke, RFC 7009, as ordered steps. A client revokes its own tokens: a refresh
 * token revokes its whole family, access tokens included (section 2.1 SHOULD); an access token
 * revokes itself. An unknown, expired or already revoked token is not an error (section 2.2):
 * the answer is 200 either way, so the endpoint tells nothing about tokens it does not own.
 * What is actually revoked is recorded (token.revoked, actor the client) in the revocation's
 * transaction; revoking again records nothing.
 */
export async function handleRevocationRequest(request: FastifyRequest, deps: TokenLookupDeps & ClientAuthenticationDeps & AuditedDatabase): Promise<void> {
  const params = readOAuthParameters<OAuthRevocationRequest>(request.body, 'oauth-revocation-request');
  const { client } = await authenticateRequestClient(deps, request, params); // invalid_client: auth.failed
  const presented = await identifyPresentedToken(deps, params.token);
  const context = clientContext(client.client_id, requestInfoOf(request), deps.now);
  switch (presented.kind) {
    case 'unknown':
      return;
    case 'api_token':
      // API tokens belong to no client: DELETE /v1/auth/revoke revokes them.
      throw new UnsupportedTokenType('API tokens are revoked with DELETE /v1/auth/revoke, not here');
    case 'refresh_token':
      if (presented.token.grant.client_id !== client.client_id) throw notYours();
      await revokeGrantRecorded(deps, context, presented.token.grant.id, 'revoked_by_client');
      return;
    case 'access_token': {
      const { claims } = presented;
      if (claims.client_id !== client.client_id) throw notYours();
      await revokeAccessTokenRecorded(
        deps,
        context,
        { jti: claims.jti, subject: claims.sub, clientId: claims.client_id, expiresAt: new Date(claims.exp * 1000) },
        `client:${client.client_id}`,
        'value',
      );
      return;
    }
  }
}

/** node-oidc-provider's answer: a client may not revoke (and so probe) another client's tokens. */
function notYours(): InvalidRequest {
  return new InvalidRequest('This token was not issued to the authenticated client');
}

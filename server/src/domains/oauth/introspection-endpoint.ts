import type { FastifyRequest } from 'fastify';
import { InvalidClient } from '../../errors/oauth-errors.js';
import type { OAuthIntrospectionRequest, OAuthIntrospectionResponse } from '../../../../core/src/index.js';
import { accessTokenRefusal, findUsableApiToken } from '../api-tokens/index.js';
import { identifyPresentedToken, type PresentedToken, type TokenLookupDeps } from './identify-presented-token.js';
import { readOAuthParameters } from './read-oauth-parameters.js';
import { authenticateRequestClient, type ClientAuthenticationDeps } from './token-endpoint/authenticate-client.js';

/**
 * POST /oauth/introspect, RFC 7662, as ordered steps. Section 2.1 requires the caller to be
 * authorized: here, any confidential client that authenticates with its secret (resource
 * servers introspect tokens issued to others). A refresh token is described only to the client
 * it was issued to (it is between that client and this server); to anyone else it is inactive.
 * Access and API tokens are active exactly when the resource server would accept them: the same
 * rules (accessTokenRefusal, findUsableApiToken), so a token of a deleted client or a disabled
 * user is inactive here the moment it is refused there.
 */
export async function handleIntrospectionRequest(
  request: FastifyRequest,
  deps: TokenLookupDeps & ClientAuthenticationDeps,
): Promise<OAuthIntrospectionResponse> {
  const params = readOAuthParameters<OAuthIntrospectionRequest>(request.body, 'oauth-introspection-request');
  const { client, presented: presentedCredentials } = await authenticateRequestClient(deps, request, params); // invalid_client: auth.failed
  if (client.client_type !== 'confidential')
    throw new InvalidClient(
      'Introspection is for confidential clients that authenticate with their secret',
      presentedCredentials.method === 'client_secret_basic',
    );
  const presented = await identifyPresentedToken(deps, params.token);
  return describe(presented, client.client_id, deps);
}

const inactive: OAuthIntrospectionResponse = { active: false };
const unixTime = (date: Date): number => Math.floor(date.getTime() / 1000);

async function describe(presented: PresentedToken, callerClientId: string, deps: TokenLookupDeps): Promise<OAuthIntrospectionResponse> {
  switch (presented.kind) {
    case 'unknown':
      return inactive;
    case 'access_token': {
      const { claims } = presented;
      if ((await accessTokenRefusal(deps.db, claims)) !== undefined) return inactive;
      return {
        active: true,
        scope: claims.scope,
        client_id: claims.client_id,
        sub: claims.sub,
        // RFC 9449 section 6.2: a bound token is a DPoP token, and says which key it is bound to.
        token_type: claims.cnf ? 'DPoP' : 'Bearer',
        exp: claims.exp,
        iat: claims.iat,
        iss: claims.iss,
        aud: claims.aud,
        jti: claims.jti,
        ...(claims.cnf ? { cnf: { jkt: claims.cnf.jkt } } : {}),
        // RFC 8693 section 4.1 and RFC 7662 section 2.2 (any claim of the token may be added): who acts for sub.
        ...(claims.act ? { act: claims.act } : {}),
      };
    }
    case 'api_token': {
      const row = await findUsableApiToken(deps.db, presented.row.token_hash, deps.now);
      if (!row) return inactive;
      return {
        active: true,
        scope: row.scopes.join(' '),
        sub: row.subject,
        token_type: 'Bearer',
        iat: unixTime(row.created_at),
        ...(row.expires_at ? { exp: unixTime(row.expires_at) } : {}),
        jti: row.id,
      };
    }
    case 'refresh_token': {
      const { token } = presented;
      const { grant } = token;
      if (grant.client_id !== callerClientId) return inactive;
      if (token.used_at !== null || grant.revoked_at !== null || grant.expires_at.getTime() <= deps.now.getTime()) return inactive;
      return {
        active: true,
        scope: grant.scopes.join(' '),
        client_id: grant.client_id,
        sub: grant.principal_id,
        token_type: 'refresh_token',
        iat: unixTime(token.created_at),
        exp: unixTime(grant.expires_at),
        iss: deps.issuer,
      };
    }
  }
}

import type { FastifyRequest } from 'fastify';
import { UnauthorizedClient, UnsupportedGrantType } from '../../../errors/oauth-errors.js';
import { tokenExchangeGrantType, type OAuthTokenRequest, type OAuthTokenResponse } from '../../../../../core/src/index.js';
import type { DPoPProofVerifier } from '../../../plugins/auth/dpop/index.js';
import { readOAuthParameters } from '../read-oauth-parameters.js';
import { authenticateRequestClient } from './authenticate-client.js';
import { authorizationCodeGrant } from './authorization-code-grant.js';
import { checkDPoPProof } from './check-dpop-proof.js';
import { clientCredentialsGrant } from './client-credentials-grant.js';
import type { GrantContext, GrantHandler } from './grant.js';
import { refreshTokenGrant } from './refresh-token-grant.js';
import { tokenExchangeGrant } from './token-exchange-grant.js';

/** Grant types this server issues tokens for (RFC 8414 metadata lists these keys). */
export const grantHandlers: Record<string, GrantHandler> = {
  client_credentials: clientCredentialsGrant,
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
  [tokenExchangeGrantType]: tokenExchangeGrant,
};

/**
 * POST /oauth/token, as the ordered checks of RFC 6749 section 4 and 5 (node-oidc-provider's habit:
 * one step per check, read top to bottom). Every grant that issues records auth.token_issued.
 */
export async function handleTokenRequest(request: FastifyRequest, context: GrantContext, proofs: DPoPProofVerifier): Promise<OAuthTokenResponse> {
  const params = readOAuthParameters<OAuthTokenRequest>(request.body, 'oauth-token-request');
  // Own properties only: `toString` or `__proto__` must not reach an Object.prototype member.
  const grant = Object.hasOwn(grantHandlers, params.grant_type) ? grantHandlers[params.grant_type] : undefined;
  if (!grant) throw new UnsupportedGrantType(`grant_type ${params.grant_type} is not supported; use one of: ${Object.keys(grantHandlers).join(', ')}`);
  const { client } = await authenticateRequestClient(context, request, params); // invalid_client: auth.failed
  if (!client.grant_types.includes(params.grant_type)) throw new UnauthorizedClient(`This client is not allowed the ${params.grant_type} grant`);
  const jkt = await checkDPoPProof(proofs, request, context.issuer, context.now); // RFC 9449 section 5: invalid_dpop_proof
  return grant(jkt === undefined ? context : { ...context, jkt }, client, params);
}

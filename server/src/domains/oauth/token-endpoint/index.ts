import type { FastifyRequest } from 'fastify';
import { InvalidRequest, UnauthorizedClient, UnsupportedGrantType } from '../../../errors/oauth-errors.js';
import type { OAuthTokenRequest, OAuthTokenResponse } from '../../../generated/schema-types.js';
import { validatorFor } from '../../../schemas/registry.js';
import { authenticateClient } from './authenticate-client.js';
import { clientCredentialsGrant } from './client-credentials-grant.js';
import type { GrantContext, GrantHandler } from './grant.js';
import { readClientCredentials } from './read-client-credentials.js';

/** Grant types this server issues tokens for; the authorization-code flow adds its handlers here. */
export const grantHandlers: Record<string, GrantHandler> = {
  client_credentials: clientCredentialsGrant,
};

/**
 * POST /oauth/token, as the ordered checks of RFC 6749 section 4 and 5 (node-oidc-provider's habit:
 * one step per check, read top to bottom).
 */
export async function handleTokenRequest(request: FastifyRequest, context: GrantContext): Promise<OAuthTokenResponse> {
  const params = readTokenParameters(request.body);
  // Own properties only: `toString` or `__proto__` must not reach an Object.prototype member.
  const grant = Object.hasOwn(grantHandlers, params.grant_type) ? grantHandlers[params.grant_type] : undefined;
  if (!grant) throw new UnsupportedGrantType(`grant_type ${params.grant_type} is not supported; use one of: ${Object.keys(grantHandlers).join(', ')}`);
  const presented = readClientCredentials(request, params);
  const client = await authenticateClient(context.db, presented);
  if (!client.grant_types.includes(params.grant_type)) throw new UnauthorizedClient(`This client is not allowed the ${params.grant_type} grant`);
  return grant(context, client, params);
}

const validateTokenRequest = validatorFor('oauth-token-request');

function readTokenParameters(body: unknown): OAuthTokenRequest {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new InvalidRequest('Send the token request as application/x-www-form-urlencoded or application/json');
  }
  if (!validateTokenRequest(body)) {
    const first = validateTokenRequest.errors?.[0];
    const field = first?.keyword === 'required' ? String(first.params.missingProperty) : (first?.instancePath.slice(1) ?? 'body');
    const why = first?.keyword === 'required' ? 'is required' : first?.keyword === 'type' ? 'must be given once, as a string' : (first?.message ?? 'is invalid');
    throw new InvalidRequest(`${field} ${why}`);
  }
  return body as OAuthTokenRequest;
}

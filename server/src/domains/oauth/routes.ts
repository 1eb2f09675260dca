import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { requestInfoOf } from '../../events/context.js';
import { dpopSigningAlgorithms } from '../../plugins/auth/dpop/index.js';
import { allScopes, clientAssertionAlgorithms, schemaRef } from '../../../../core/src/index.js';
import { TypedNames } from '../../security/typed-names.js';
import { ClientAuthCache } from './client-auth-cache.js';
import { ClientKeys } from './client-keys.js';
import { handleIntrospectionRequest } from './introspection-endpoint.js';
import { supportedCodeChallengeMethods } from './pkce.js';
import { knownResources } from './resource-indicators.js';
import { handleRevocationRequest } from './revocation-endpoint.js';
import { grantHandlers, handleTokenRequest } from './token-endpoint/index.js';

/** OAuth 2.0 endpoints under {base_url}/oauth (spec, "OAuth endpoints"). */
export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  // RFC 6749 and HTML forms send application/x-www-form-urlencoded; only this context parses it.
  await app.register(formbody, { bodyLimit: app.config.bodyLimit });
  const clientAuth = new ClientAuthCache(app.db, app.changeFeed, new TypedNames(app.config.keyEncryptionKey));
  const resources = knownResources(app.config);
  // A jwks_uri is fetched under the webhooks' switches: one rule for every request the server makes.
  const clientKeys = new ClientKeys({ allowHttp: app.config.webhooksAllowHttp, allowPrivateNetworks: app.config.webhooksAllowPrivateNetworks });
  // What the token, revocation and introspection endpoints work with, as of one request.
  const tokenLookup = () => ({
    db: app.db,
    clientAuth: clientAuth.lookup(),
    keys: app.signingKeys,
    clientKeys,
    issuer: app.config.publicUrl,
    resources,
    accessTokenTtlSeconds: app.config.accessTokenTtlSeconds,
    maxDelegationDepth: app.config.maxDelegationDepth,
    now: new Date(),
    auditLog: app.auditLog,
  });

  app.post('/oauth/token', {
    config: {
      auth: 'public',
      oauthErrors: true,
      docs: {
        summary: 'Obtain or refresh tokens',
        description:
          'RFC 6749 token endpoint. JSON (as the spec shows) or application/x-www-form-urlencoded; client authentication by HTTP Basic or in the body, not both. Errors are RFC 6749 section 5.2 bodies. Responses carry Cache-Control: no-store. Failed client authentication is throttled here and at /revoke and /introspect together (docs/security.md, "Throttles"): 10 failures per client_id and address in 15 minutes, 100 per client_id from all addresses, then 429 too_many_attempts with Retry-After, whatever the secret; an address that authenticated the client within 24 hours keeps its own budget of 10 through a lockout.',
        tags: ['OAuth'],
        requestBody: schemaRef('oauth-token-request'),
        requestMediaTypes: ['application/json', 'application/x-www-form-urlencoded'],
        responses: { 200: schemaRef('oauth-token-response'), 400: schemaRef('oauth-error'), 401: schemaRef('oauth-error'), 429: schemaRef('oauth-error') },
      },
    },
    handler: async (request, reply) => {
      const response = await handleTokenRequest(request, { ...tokenLookup(), request: requestInfoOf(request) }, app.dpopProofs);
      // RFC 6749 section 5.1: token responses must not be cached.
      return reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' }).send(response);
    },
  });

  app.post('/oauth/revoke', {
    config: {
      auth: 'public',
      oauthErrors: true,
      docs: {
        summary: 'Revoke a refresh token or an access token (RFC 7009)',
        description:
          "The client authenticates as at the token endpoint (a public client sends client_id only) and revokes a token issued to it. A refresh token revokes its whole family, access tokens included. Unknown, expired and already revoked tokens are answered 200 too (RFC 7009 section 2.2); another client's token is invalid_request; an API token is unsupported_token_type (revoke it with DELETE /v1/auth/revoke).",
        tags: ['OAuth'],
        requestBody: schemaRef('oauth-revocation-request'),
        requestMediaTypes: ['application/x-www-form-urlencoded', 'application/json'],
        responses: {
          200: { description: 'Revoked, or nothing to revoke' },
          400: schemaRef('oauth-error'),
          401: schemaRef('oauth-error'),
          429: schemaRef('oauth-error'),
        },
      },
    },
    handler: async (request, reply) => {
      await handleRevocationRequest(request, tokenLookup());
      return reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' }).code(200).send();
    },
  });

  app.post('/oauth/introspect', {
    config: {
      auth: 'public',
      oauthErrors: true,
      docs: {
        summary: 'Describe a token (RFC 7662)',
        description:
          'For confidential clients, authenticated with their secret. Access tokens and API tokens are described to any such client; a refresh token only to the client it was issued to. Anything unknown, expired or revoked is `{ "active": false }`.',
        tags: ['OAuth'],
        requestBody: schemaRef('oauth-introspection-request'),
        requestMediaTypes: ['application/x-www-form-urlencoded', 'application/json'],
        responses: {
          200: schemaRef('oauth-introspection-response'),
          400: schemaRef('oauth-error'),
          401: schemaRef('oauth-error'),
          429: schemaRef('oauth-error'),
        },
      },
    },
    handler: async (request, reply) => {
      const answer = await handleIntrospectionRequest(request, tokenLookup());
      return reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' }).send(answer);
    },
  });

  app.get('/oauth/.well-known/jwks.json', {
    config: { auth: 'public', docs: { summary: 'Public keys that verify access tokens', tags: ['OAuth'], responses: { 200: schemaRef('jwks') } } },
    handler: async (_request, reply) => {
      // Keys rotated on another replica before this request are published here too. Without the
      // database the keys in memory are still the best answer: verifiers keep working.
      await app.changeFeed
        .fresh()
        .then((generations) => app.signingKeys.catchUp(generations.signing_keys))
        .catch(() => undefined);
      return reply.header('cache-control', 'public, max-age=300').send(app.signingKeys.jwks());
    },
  });
}

/** RFC 9728 section 3.1: where the API's protected resource metadata is (its identifier, the public URL, has no path to add). */
export function protectedResourceMetadataUrl(publicUrl: string): string {
  return `${publicUrl}/.well-known/oauth-protected-resource`;
}

/**
 * RFC 9728 section 2: how a client gets a token for this server's API. Its resource identifier is
 * the public URL (resource-indicators.ts): every route a bearer token opens (/v1, /access/v1) is on
 * that origin, and section 3.3's check holds for a client that derives the metadata URL from it.
 */
export async function protectedResourceMetadataRoute(app: FastifyInstance): Promise<void> {
  app.get('/.well-known/oauth-protected-resource', {
    config: {
      auth: 'public',
      docs: {
        summary: 'OAuth 2.0 protected resource metadata of the API (RFC 9728)',
        tags: ['OAuth'],
        responses: { 200: schemaRef('protected-resource-metadata') },
      },
    },
    handler: async (_request, reply) => {
      return reply.header('cache-control', 'public, max-age=300').send({
        resource: app.config.publicUrl,
        authorization_servers: [app.config.publicUrl],
        scopes_supported: allScopes,
        // RFC 6750 section 2.1 only: section 2.3's query parameter is refused (token_in_query), 2.2's form body is not read.
        bearer_methods_supported: ['header'],
        resource_name: 'acctl API',
        resource_documentation: `${app.config.publicUrl}/v1/openapi.json`,
        // dpop_signing_alg_values_supported (RFC 9449 section 5.1): the DPoP work adds it here.
      });
    },
  });
}

/** RFC 8414 section 3: metadata at the origin's /.well-known path (the issuer has no path). */
export async function authorizationServerMetadataRoute(app: FastifyInstance): Promise<void> {
  app.get('/.well-known/oauth-authorization-server', {
    config: {
      auth: 'public',
      docs: { summary: 'OAuth 2.0 authorization server metadata (RFC 8414)', tags: ['OAuth'], responses: { 200: schemaRef('authorization-server-metadata') } },
    },
    handler: async (_request, reply) => {
      const base = `${app.config.publicUrl}/v1`;
      return reply.header('cache-control', 'public, max-age=300').send({
        issuer: app.config.publicUrl,
        authorization_endpoint: `${base}/oauth/authorize`,
        token_endpoint: `${base}/oauth/token`,
        jwks_uri: `${base}/oauth/.well-known/jwks.json`,
        scopes_supported: allScopes,
        response_types_supported: ['code'],
        grant_types_supported: Object.keys(grantHandlers),
        // `none`: public clients (the CLI) send client_id only and prove possession with PKCE.
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
        // RFC 7523: asymmetric algorithms only (verify-client-assertion.ts).
        token_endpoint_auth_signing_alg_values_supported: [...clientAssertionAlgorithms],
        code_challenge_methods_supported: [...supportedCodeChallengeMethods],
        revocation_endpoint: `${base}/oauth/revoke`,
        revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
        revocation_endpoint_auth_signing_alg_values_supported: [...clientAssertionAlgorithms],
        introspection_endpoint: `${base}/oauth/introspect`,
        introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
        introspection_endpoint_auth_signing_alg_values_supported: [...clientAssertionAlgorithms],
        authorization_response_iss_parameter_supported: true,
        dpop_signing_alg_values_supported: [...dpopSigningAlgorithms],
        service_documentation: `${base}/openapi.json`,
        // RFC 9728 section 4. RFC 8707 itself adds no metadata: `resource` is accepted at both endpoints.
        protected_resources: knownResources(app.config),
      });
    },
  });
}

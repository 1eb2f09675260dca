import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changeContextOf } from '../../events/context.js';
import {
  type ApiTokenCreateRequest,
  type ApiTokenListQuery,
  type ApiTokenRefreshRequest,
  type ApiTokenRevokeRequest,
  schemaRef,
} from '../../../../core/src/index.js';
import { createApiToken, listApiTokens, refreshApiToken, revokeToken, type ApiTokenDeps } from './service.js';

const problem = schemaRef('problem');

/**
 * Refresh and revoke take an optional body: none at all means `{}` (revoke the presented token,
 * keep the lifetime). Without this, the body schema sees `undefined` and answers 400.
 */
async function absentBodyIsEmpty(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/**
 * The spec's Authentication group. Payloads are not in the spec; the design follows GitHub's
 * personal access tokens (prefixed, shown once, scoped, optional expiry, regenerate = rotate) and
 * RFC 7009 for revocation by value.
 */
export async function apiTokenRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): ApiTokenDeps => ({
    db: app.db,
    auditLog: app.auditLog,
    keys: app.signingKeys,
    issuer: app.config.publicUrl,
    accessTokenTtlSeconds: app.config.accessTokenTtlSeconds,
  });

  app.post<{ Body: ApiTokenCreateRequest }>('/auth/token', {
    config: {
      auth: { scope: 'admin:all' },
      // The token is shown once: a replay answers without it (plugins/idempotency/stored-answer.ts).
      // Not /auth/refresh: it revokes the token that authenticates it, so a retry is refused (401)
      // before any key is looked up.
      idempotency: { oneTimeSecrets: ['token'] },
      docs: {
        summary: 'Create a long-lived API token',
        description: "The token is in the answer this once; the service stores only its SHA-256. Its scopes must be among the caller's.",
        tags: ['Authentication'],
        responses: { 201: schemaRef('api-token'), 400: problem, 401: problem, 403: problem },
      },
    },
    schema: { body: schemaRef('api-token-create-request') },
    handler: async (request, reply) => {
      const token = await createApiToken(deps(), changeContextOf(request), request.caller!, request.body);
      return reply.code(201).header('cache-control', 'no-store').send(token);
    },
  });

  app.get<{ Querystring: ApiTokenListQuery }>('/auth/tokens', {
    config: {
      // Any token: the answer is the caller's own tokens, or every owner's with admin:all.
      auth: 'authenticated',
      docs: {
        summary: "List API tokens (metadata only, never the token): the caller's own, or with admin:all every owner's",
        description:
          'Newest first, paginated (page, limit at most 100). Each item says whose the token is (`owner`), what it may do, when it expires and when it last authenticated a request (`last_used_at`, recorded at most once a minute). Without `status`, revoked tokens are left out.',
        tags: ['Authentication'],
        responses: { 200: schemaRef('api-token-list'), 400: problem, 401: problem },
      },
    },
    schema: { querystring: schemaRef('api-token-list-query') },
    handler: async (request, reply) => {
      const list = await listApiTokens(app.db, request.caller!, request.query, new Date());
      return reply.header('cache-control', 'no-store').send(list);
    },
  });

  app.post<{ Body: ApiTokenRefreshRequest | undefined }>('/auth/refresh', {
    config: {
      auth: 'authenticated',
      docs: {
        summary: 'Rotate the presented API token',
        description: 'Answers a new token with the same name and scopes; the presented token is revoked in the same transaction.',
        tags: ['Authentication'],
        responses: { 200: schemaRef('api-token'), 400: problem, 401: problem },
      },
    },
    schema: { body: schemaRef('api-token-refresh-request') },
    preValidation: absentBodyIsEmpty,
    handler: async (request, reply) => {
      const token = await refreshApiToken(deps(), changeContextOf(request), request.caller!, request.body?.expires_in);
      return reply.header('cache-control', 'no-store').send(token);
    },
  });

  app.delete<{ Body: ApiTokenRevokeRequest | undefined }>('/auth/revoke', {
    config: {
      auth: 'authenticated',
      docs: {
        summary: 'Revoke a token',
        description:
          "Without a body, revokes the presented token. With `token` (an API token or an access token, by value), revokes that token whoever it belongs to: holding it is the proof (as with GitHub's credential revocation), and the caller is recorded as the actor of the token.revoked event. With `id` (an API token), only the presented token itself or a caller with admin:all may revoke it: ids are not secret (403 forbidden otherwise, whether or not the id exists). Takes effect on every replica at once.",
        tags: ['Authentication'],
        responses: { 200: schemaRef('api-token-revoked'), 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { body: schemaRef('api-token-revoke-request') },
    preValidation: absentBodyIsEmpty,
    handler: async (request) => revokeToken(deps(), changeContextOf(request), request.caller!, request.body),
  });
}

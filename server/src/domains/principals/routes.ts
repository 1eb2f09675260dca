import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changeContextOf } from '../../events/context.js';
import { type PrincipalCreateRequest, type PrincipalListQuery, type PrincipalPatchRequest, adminScope, grants, schemaRef } from '../../../../core/src/index.js';
import { administratorsDescription, powerFieldsDescription, requirePowerFieldScopes } from './power-fields.js';
import * as service from './service.js';

const problem = schemaRef('problem');
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
  additionalProperties: false,
} as const;

/** Spec, "Principals": payloads not shown there; see schemas/principal*.json. */
export async function principalRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: PrincipalListQuery }>('/principals', {
    config: {
      auth: { scope: 'read:principals' },
      docs: {
        summary: 'List principals (paginated; filter by kind, status, attribute; search)',
        tags: ['Principals'],
        responses: { 200: schemaRef('principal-list'), 400: problem, 401: problem, 403: problem },
      },
    },
    schema: { querystring: schemaRef('principal-list-query') },
    handler: async (request) => service.listPrincipals(app.db, request.query),
  });

  app.post<{ Body: PrincipalCreateRequest }>('/principals', {
    config: {
      auth: { scope: 'write:principals' },
      idempotency: true,
      docs: {
        summary: 'Create a principal',
        description: powerFieldsDescription,
        tags: ['Principals'],
        responses: { 201: schemaRef('principal'), 400: problem, 401: problem, 403: problem, 409: problem },
        headers: { 201: ['Location'] },
      },
    },
    schema: { body: schemaRef('principal-create-request') },
    preHandler: requirePowerFieldScopes,
    handler: async (request, reply) => {
      const principal = await service.createPrincipal(app, changeContextOf(request), request.body);
      return reply.code(201).header('location', `/v1/principals/${principal.id}`).send(principal);
    },
  });

  app.get<{ Params: { id: string } }>('/principals/:id', {
    config: {
      auth: { scope: 'read:principals' },
      docs: { summary: 'Get a principal', tags: ['Principals'], responses: { 200: schemaRef('principal'), 401: problem, 403: problem, 404: problem } },
    },
    schema: { params: idParams },
    handler: async (request) => service.getPrincipal(app.db, request.params.id),
  });

  app.patch<{ Params: { id: string }; Body: PrincipalPatchRequest }>('/principals/:id', {
    config: {
      auth: { scope: 'write:principals' },
      docs: {
        summary: 'Update a principal (JSON merge patch, RFC 7396)',
        description: `${powerFieldsDescription} ${administratorsDescription} A person changes their own password at /v1/ui/password.`,
        tags: ['Principals'],
        requestMediaTypes: ['application/merge-patch+json', 'application/json'],
        responses: { 200: schemaRef('principal'), 400: problem, 401: problem, 403: problem, 404: problem, 409: problem },
      },
    },
    schema: { params: idParams, body: schemaRef('principal-patch-request') },
    preHandler: requirePowerFieldScopes,
    handler: async (request) => service.patchPrincipal(app, changeContextOf(request), request.params.id, request.body, accessOf(request)),
  });

  app.delete<{ Params: { id: string } }>('/principals/:id', {
    config: {
      auth: { scope: 'delete:principals' },
      docs: {
        summary: 'Delete a principal (soft delete)',
        description: administratorsDescription,
        tags: ['Principals'],
        responses: { 200: schemaRef('principal'), 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: idParams },
    handler: async (request) => service.deletePrincipal(app, changeContextOf(request), request.params.id, accessOf(request)),
  });
}

/** The caller's standing for administrators (power-fields.ts requireAdminScopeForAdministrator). */
function accessOf(request: FastifyRequest): service.PrincipalAccess {
  return { mayChangeAdministrators: grants(request.caller?.scopes ?? [], adminScope) };
}

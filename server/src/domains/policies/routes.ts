import type { FastifyInstance, FastifyReply } from 'fastify';
import { changeContextOf } from '../../events/context.js';
import {
  type InlineSimulationRequest,
  type PolicyCreateRequest,
  type PolicyListQuery,
  type PolicyRollbackRequest,
  type PolicyUpdateRequest,
  type SimulationRequest,
  schemaRef,
} from '../../../../core/src/index.js';
import { etagFor, expectedVersionFrom } from '../../http/preconditions.js';
import * as service from './service.js';
import { policySetRoutes } from './policy-sets-routes.js';
import { refuseConditionsOverLimits } from './condition-limits.js';
import { simulateInlinePolicy, simulateStoredPolicy } from './simulation.js';
import { policyWriterOf } from './ownership.js';
import { registerRoutes } from '../../http/named-plugin.js';

const problem = schemaRef('problem');
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
  additionalProperties: false,
} as const;
const versionParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 }, version: { type: 'integer', minimum: 1, maximum: 1000000000 } },
  required: ['id', 'version'],
  additionalProperties: false,
} as const;
const ownerDoc =
  ' A client bound to owners (docs/security.md, "Policy ownership") is refused 403 policy_owned_elsewhere, naming the owner, for a policy whose metadata.managed_by is another owner\'s.';
const ifMatchDoc = ' Send If-Match: "<version>" to refuse the change (412) when someone else changed the policy since you read it.';

function withEtag<T extends { version: number; status: string }>(reply: FastifyReply, body: T): T {
  // Deleting keeps the version but changes the policy's representation: a deleted policy has no
  // ETag, so no If-None-Match of the live one is answered 304 (http/conditional-get.ts).
  if (body.status !== 'deleted') void reply.header('etag', etagFor(body.version));
  return body;
}

/** Spec, "Policies", plus restore and rollback (not shown in the spec; designed as GitHub/Cerbos users expect). */
export async function policyRoutes(app: FastifyInstance): Promise<void> {
  await registerRoutes(app, [policySetRoutes]);

  app.get<{ Querystring: PolicyListQuery }>('/policies', {
    config: {
      auth: { scope: 'read:policies' },
      docs: {
        summary: 'List policies (paginated)',
        tags: ['Policies'],
        responses: { 200: schemaRef('policy-list'), 400: problem, 401: problem, 403: problem },
      },
    },
    schema: { querystring: schemaRef('policy-list-query') },
    handler: async (request) => service.listPolicies(app.db, request.query),
  });

  app.post<{ Body: PolicyCreateRequest }>('/policies', {
    config: {
      auth: { scope: 'write:policies' },
      idempotency: true,
      docs: {
        summary: 'Create a policy (version 1)',
        description: `A bound client's policy without metadata.managed_by gets its first owner's.${ownerDoc}`,
        tags: ['Policies'],
        responses: { 201: schemaRef('policy'), 400: problem, 401: problem, 403: problem, 409: problem },
        headers: { 201: ['Location', 'ETag'] },
      },
    },
    schema: { body: schemaRef('policy-create-request') },
    handler: async (request, reply) => {
      refuseConditionsOverLimits([{ at: '', rules: request.body.rules }]);
      const policy = await service.createPolicy(app, changeContextOf(request), request.body, policyWriterOf(request.caller));
      return reply.code(201).header('location', `/v1/policies/${policy.id}`).send(withEtag(reply, policy));
    },
  });

  app.get<{ Params: { id: string } }>('/policies/:id', {
    config: {
      auth: { scope: 'read:policies' },
      docs: {
        summary: 'Get a policy with its rules and metadata',
        tags: ['Policies'],
        responses: { 200: schemaRef('policy'), 401: problem, 403: problem, 404: problem },
        headers: { 200: ['ETag'] },
      },
    },
    schema: { params: idParams },
    handler: async (request, reply) => withEtag(reply, await service.getPolicy(app.db, request.params.id)),
  });

  app.put<{ Params: { id: string }; Body: PolicyUpdateRequest }>('/policies/:id', {
    config: {
      auth: { scope: 'write:policies' },
      docs: {
        summary: 'Update a policy; creates a new version',
        description: `The previous version is kept.${ifMatchDoc}${ownerDoc}`,
        tags: ['Policies'],
        responses: { 200: schemaRef('policy-updated'), 400: problem, 401: problem, 403: problem, 404: problem, 409: problem, 412: problem },
        headers: { 200: ['ETag'] },
      },
    },
    schema: { params: idParams, body: schemaRef('policy-update-request') },
    handler: async (request, reply) => {
      refuseConditionsOverLimits([{ at: '', rules: request.body.rules }]);
      return withEtag(
        reply,
        await service.updatePolicy(
          app,
          changeContextOf(request),
          request.params.id,
          request.body,
          expectedVersionFrom(request.headers['if-match']),
          policyWriterOf(request.caller),
        ),
      );
    },
  });

  app.delete<{ Params: { id: string } }>('/policies/:id', {
    config: {
      auth: { scope: 'delete:policies' },
      docs: {
        summary: 'Soft-delete a policy',
        description: `Recoverable with POST /policies/{id}/restore.${ifMatchDoc}${ownerDoc}`,
        tags: ['Policies'],
        responses: { 200: schemaRef('policy-deleted'), 401: problem, 403: problem, 404: problem, 409: problem, 412: problem },
      },
    },
    schema: { params: idParams },
    handler: async (request) =>
      service.deletePolicy(app, changeContextOf(request), request.params.id, expectedVersionFrom(request.headers['if-match']), policyWriterOf(request.caller)),
  });

  app.post<{ Params: { id: string } }>('/policies/:id/restore', {
    config: {
      auth: { scope: 'write:policies' },
      docs: {
        summary: 'Restore a soft-deleted policy',
        description: `The policy returns in the status it had before deletion, as a new version (content unchanged, so a new ETag); 409 if another live policy took its name.${ownerDoc}`,
        tags: ['Policies'],
        responses: { 200: schemaRef('policy'), 401: problem, 403: problem, 404: problem, 409: problem },
        headers: { 200: ['ETag'] },
      },
    },
    schema: { params: idParams },
    handler: async (request, reply) =>
      withEtag(reply, await service.restorePolicy(app, changeContextOf(request), request.params.id, policyWriterOf(request.caller))),
  });

  app.post<{ Params: { id: string }; Body: PolicyRollbackRequest }>('/policies/:id/rollback', {
    config: {
      auth: { scope: 'write:policies' },
      // Writes a new version each time it runs.
      idempotency: true,
      docs: {
        summary: 'Roll back to an earlier version',
        description: `Writes that version's content as a new version.${ifMatchDoc}${ownerDoc}`,
        tags: ['Policies'],
        responses: { 200: schemaRef('policy'), 400: problem, 401: problem, 403: problem, 404: problem, 409: problem, 412: problem },
        headers: { 200: ['ETag'] },
      },
    },
    schema: { params: idParams, body: schemaRef('policy-rollback-request') },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await service.rollbackPolicy(
          app,
          changeContextOf(request),
          request.params.id,
          request.body.version,
          expectedVersionFrom(request.headers['if-match']),
          policyWriterOf(request.caller),
        ),
      ),
  });

  app.get<{ Params: { id: string } }>('/policies/:id/versions', {
    config: {
      auth: { scope: 'read:policies' },
      docs: {
        summary: 'List versions, newest first',
        tags: ['Policies'],
        responses: { 200: schemaRef('policy-version-list'), 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: idParams },
    handler: async (request) => service.listPolicyVersions(app.db, request.params.id),
  });

  app.get<{ Params: { id: string; version: number } }>('/policies/:id/versions/:version', {
    config: {
      auth: { scope: 'read:policies' },
      docs: {
        summary: 'Get one version',
        tags: ['Policies'],
        responses: { 200: schemaRef('policy-version'), 400: problem, 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: versionParams },
    handler: async (request) => service.getPolicyVersion(app.db, request.params.id, request.params.version),
  });

  app.post<{ Params: { id: string }; Body: SimulationRequest }>('/policies/:id/simulate', {
    config: {
      auth: { scope: 'read:policies' },
      docs: {
        summary: 'Simulate a stored policy without enforcing it',
        description: 'Works on draft, active and archived policies; nothing is enforced or recorded. context.timestamp sets the time that time conditions see.',
        tags: ['Policies'],
        responses: { 200: schemaRef('simulation-response'), 400: problem, 401: problem, 403: problem, 404: problem, 409: problem },
      },
    },
    schema: { params: idParams, body: schemaRef('simulation-request') },
    handler: async (request) => simulateStoredPolicy(app.db, request.params.id, request.body, new Date()),
  });

  app.post<{ Body: InlineSimulationRequest }>('/policies/simulate', {
    config: {
      auth: { scope: 'read:policies' },
      docs: {
        summary: 'Simulate a policy that is not stored',
        description:
          'For pull-request checks: the policy body (validated as on create) and the request. Same engine and answer as the stored-policy simulation.',
        tags: ['Policies'],
        responses: { 200: schemaRef('simulation-response'), 400: problem, 401: problem, 403: problem },
      },
    },
    schema: { body: schemaRef('inline-simulation-request') },
    handler: async (request) => {
      refuseConditionsOverLimits([{ at: '/policy', rules: request.body.policy.rules }]);
      return simulateInlinePolicy(request.body.policy, request.body.request, new Date());
    },
  });
}

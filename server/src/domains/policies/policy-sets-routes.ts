import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changeContextOf } from '../../events/context.js';
import { ApiError, type InvalidField } from '../../errors/api-error.js';
import { insufficientScope } from '../../plugins/auth/insufficient-scope.js';
import { grants, schemaRef, type PolicySetRequest } from '../../../../core/src/index.js';
import { policySetLimits } from '../../../../core/src/index.js';
import { applyPolicySet, deleteChangeIndexes, getPolicySet } from './policy-sets.js';

const problem = schemaRef('problem');
const mebibytes = policySetLimits.bytes / (1024 * 1024);

/**
 * A body over the limit is read to its end (up to this many bytes) before the 413 is sent, so
 * the client, still sending, reads a problem+json answer instead of a connection reset (EPIPE).
 * Larger bodies are refused at once (and the connection closed, as Fastify does).
 */
const drainUpTo = 4 * policySetLimits.bytes;

function tooLarge(): ApiError {
  return new ApiError(
    'payload_too_large',
    `A change set holds at most ${policySetLimits.changes.toLocaleString('en-US')} changes and ${mebibytes} MiB of JSON; nothing of this one was applied. ` +
      'Split it: apply several sets, e.g. one repository folder or owner (acctl.yaml) at a time (docs/policy-sets.md "Limits").',
  );
}

async function drain(payload: Readable, limit: number): Promise<void> {
  let read = 0;
  for await (const chunk of payload) {
    read += (chunk as Buffer).length;
    if (read > limit) return;
  }
}

/**
 * preParsing: a body over the limit is answered with the limits and how to split. An announced
 * length is judged at once; a chunked body is counted as it arrives, passed on up to the limit and
 * swallowed past it, so the parser never sees more and the client can read the answer.
 */
async function refuseOversizedBody(request: FastifyRequest, _reply: unknown, payload: Readable): Promise<Readable> {
  const length = Number(request.headers['content-length']);
  if (length > policySetLimits.bytes) {
    if (length <= drainUpTo) await drain(payload, drainUpTo);
    throw tooLarge();
  }
  // With a Content-Length Fastify reads exactly that many bytes.
  if (request.headers['content-length'] !== undefined) return payload;
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received <= policySetLimits.bytes) callback(null, chunk);
      else if (received <= drainUpTo) callback();
      else callback(tooLarge());
    },
    flush(callback) {
      callback(received > policySetLimits.bytes ? tooLarge() : null);
    },
  });
  pipeline(payload, counted, () => {});
  return counted;
}

/** preHandler: a set with a delete needs delete:policies too, as DELETE /policies/{id} does; each delete is named. */
async function requireDeleteScope(request: FastifyRequest<{ Body: PolicySetRequest }>): Promise<void> {
  const deletes = deleteChangeIndexes(request.body);
  if (deletes.length === 0 || grants(request.caller?.scopes ?? [], 'delete:policies')) return;
  const fields: InvalidField[] = deletes.map((index) => ({ pointer: `/changes/${index}`, in: 'body', detail: 'a delete needs the delete:policies scope' }));
  throw insufficientScope(
    'delete:policies',
    `This set deletes ${deletes.length === 1 ? 'a policy' : `${deletes.length} policies`}: that requires the delete:policies scope`,
    fields,
  );
}

const setIdParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
  additionalProperties: false,
} as const;

/** Change sets (issue #23; docs/policy-sets.md). Registered by policyRoutes. */
export async function policySetRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: PolicySetRequest }>('/policy-sets', {
    bodyLimit: policySetLimits.bytes,
    config: {
      auth: { scope: 'write:policies' },
      rateLimit: 'bulk',
      // Writes a set each time it runs.
      idempotency: true,
      docs: {
        summary: 'Apply a change set of policies, whole or not at all',
        description:
          'Creates, updates, deletes, restores and rollbacks of many policies in one PostgreSQL transaction, as OPA bundles and Cerbos Hub ' +
          'deployments switch a whole policy set at once: every precondition (each `if_match`, each id, the final names) is checked before ' +
          'anything is written, and one failure refuses the whole set (409 `policy_set_refused`, every failing change named in `errors[]`). ' +
          'Replicas see one change-counter bump for the set, never a mix. `dry_run: true` checks everything and answers what the set would do ' +
          '(200, nothing written), as Kubernetes server-side dry run. A set with a `delete` also needs delete:policies. ' +
          `At most ${policySetLimits.changes.toLocaleString('en-US')} changes and ${mebibytes} MiB (413 beyond, saying how to split). ` +
          'Events: one policy.* event per policy, then one policy_set.applied.',
        tags: ['Policies'],
        responses: {
          200: schemaRef('policy-set'),
          201: schemaRef('policy-set'),
          400: problem,
          401: problem,
          403: problem,
          409: problem,
          413: problem,
        },
        headers: { 201: ['Location'] },
      },
    },
    schema: { body: schemaRef('policy-set-request') },
    preParsing: refuseOversizedBody,
    preHandler: requireDeleteScope,
    handler: async (request, reply) => {
      const set = await applyPolicySet(app.db, changeContextOf(request), request.body);
      if (set.dry_run) return reply.code(200).send(set);
      return reply.code(201).header('location', `/v1/policy-sets/${set.id}`).send(set);
    },
  });

  app.get<{ Params: { id: string } }>('/policy-sets/:id', {
    config: {
      auth: { scope: 'read:policies' },
      docs: {
        summary: 'Get an applied change set',
        description: 'Who applied it, when, with what provenance, and what each change did.',
        tags: ['Policies'],
        responses: { 200: schemaRef('policy-set'), 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: setIdParams },
    handler: async (request) => getPolicySet(app.db, request.params.id),
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AuthzenConfiguration,
  type AuthzenEvaluationRequest,
  type AuthzenEvaluationResponse,
  type AuthzenEvaluationsRequest,
  type AuthzenEvaluationsResponse,
  schemaRef,
} from '../../../../core/src/index.js';
import { serverTiming, type RecordingTime } from '../decisions/index.js';
import { decideAsEvaluate } from './decide.js';
import { authzenSearchRoutes, searchPaths } from './search-routes.js';
import { type EvaluationsSemantic, evaluationItems, stopsAfter, toEvaluationResponse, toSimulationRequest } from './mapping.js';

const problem = schemaRef('problem');

/** The spec's paths: AuthZEN Authorization API 1.0, HTTPS binding, at the server's root (not under /v1). */
const evaluationPath = '/access/v1/evaluation';
const evaluationsPath = '/access/v1/evaluations';

const authzenDoc =
  'OpenID AuthZEN Authorization API 1.0 (docs/authzen.md). Needs evaluate:decisions. Each evaluation is decided and recorded exactly as POST /v1/decisions/evaluate; `context` carries the decision as that route discloses it to the caller. Errors are the HTTP status the spec names, with a problem+json body.';

/**
 * AuthZEN evaluation endpoints and the PDP metadata document, registered at the root: the spec
 * fixes their paths (a client written for another PDP's AuthZEN endpoint works unchanged).
 */
export async function authzenRoutes(app: FastifyInstance): Promise<void> {
  app.get('/.well-known/authzen-configuration', {
    config: {
      auth: 'public',
      docs: {
        summary: 'AuthZEN policy decision point metadata',
        description:
          'AuthZEN Authorization API 1.0, "Policy Decision Point Metadata". search_resource_endpoint is omitted: acctl holds no resource inventory (POST /v1/decisions/plan answers that question).',
        tags: ['AuthZEN'],
        responses: { 200: schemaRef('authzen-configuration') },
      },
    },
    handler: async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(configurationOf(app.config.publicUrl)),
  });

  app.post<{ Body: AuthzenEvaluationRequest }>(evaluationPath, {
    config: {
      auth: { scope: 'evaluate:decisions' },
      generations: 'checked_at_commit',
      rateLimit: 'decision',
      docs: {
        summary: 'AuthZEN access evaluation',
        description: authzenDoc,
        tags: ['AuthZEN'],
        responses: { 200: schemaRef('authzen-evaluation-response'), 400: problem, 401: problem, 403: problem, 503: problem },
      },
    },
    schema: { body: schemaRef('authzen-evaluation-request') },
    handler: async (request, reply) => answerEvaluation(app, request, reply),
  });

  app.post<{ Body: AuthzenEvaluationsRequest }>(evaluationsPath, {
    config: {
      auth: { scope: 'evaluate:decisions' },
      generations: 'checked_at_commit',
      rateLimit: 'bulk',
      docs: {
        summary: 'AuthZEN access evaluations (up to 100 in one call)',
        description: `${authzenDoc} Top-level subject, action, resource and context are defaults for each item; options.evaluations_semantic is execute_all (default), deny_on_first_deny or permit_on_first_permit. A bulk operation for rate limits.`,
        tags: ['AuthZEN'],
        responses: { 200: schemaRef('authzen-evaluations-response'), 400: problem, 401: problem, 403: problem, 503: problem },
      },
    },
    schema: { body: schemaRef('authzen-evaluations-request') },
    handler: async (request, reply) => answerEvaluations(app, request, reply),
  });

  await authzenSearchRoutes(app);
}

/** The metadata members of AuthZEN 1.0; `policy_decision_point` is the identifier the document's URL is made from. */
function configurationOf(publicUrl: string): AuthzenConfiguration {
  return {
    policy_decision_point: publicUrl,
    access_evaluation_endpoint: `${publicUrl}${evaluationPath}`,
    access_evaluations_endpoint: `${publicUrl}${evaluationsPath}`,
    // search_resource_endpoint is omitted: acctl cannot list resources (search-routes.ts), and the spec reads an absent member as "not answered".
    search_subject_endpoint: `${publicUrl}${searchPaths.subject}`,
    search_action_endpoint: `${publicUrl}${searchPaths.action}`,
  };
}

async function answerEvaluation(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: AuthzenEvaluationRequest }>,
  reply: FastifyReply,
): Promise<AuthzenEvaluationResponse> {
  const timing: RecordingTime = { recordMs: 0 };
  const [decision] = await decideAsEvaluate(app, request, [toSimulationRequest(request.body)], timing, () => '');
  reply.header('server-timing', serverTiming(timing.recordMs, reply.elapsedTime));
  return toEvaluationResponse(decision!);
}

/**
 * execute_all decides every item at once (one recording, as POST /v1/decisions/batch). The
 * short-circuit semantics decide in order, one item at a time, and stop at the first deny (or
 * permit): the items after it are neither evaluated nor recorded, as the spec's && and || say.
 */
async function answerEvaluations(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: AuthzenEvaluationsRequest }>,
  reply: FastifyReply,
): Promise<AuthzenEvaluationsResponse> {
  const { single, tuples } = evaluationItems(request.body);
  const semantic: EvaluationsSemantic = request.body.options?.evaluations_semantic ?? 'execute_all';
  const requests = tuples.map(toSimulationRequest);
  const timing: RecordingTime = { recordMs: 0 };
  // Without items there is no `evaluations` array to point into.
  const pointerOf = (index: number): string => (single ? '' : `/evaluations/${index}`);
  let answers: AuthzenEvaluationResponse[];
  if (semantic === 'execute_all') {
    answers = (await decideAsEvaluate(app, request, requests, timing, pointerOf)).map(toEvaluationResponse);
  } else {
    answers = [];
    for (const [index, one] of requests.entries()) {
      const [decision] = await decideAsEvaluate(app, request, [one], timing, () => pointerOf(index));
      const answer = toEvaluationResponse(decision!);
      answers.push(answer);
      if (stopsAfter(semantic, answer.decision)) break;
    }
  }
  reply.header('server-timing', serverTiming(timing.recordMs, reply.elapsedTime));
  // Without items the request is the single evaluation, answered as one (spec, "Access Evaluations API Request").
  return single ? answers[0]! : { evaluations: answers };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AuthzenSearchActionRequest,
  type AuthzenSearchActionResponse,
  type AuthzenSearchResourceRequest,
  type AuthzenSearchSubjectRequest,
  type AuthzenSearchSubjectResponse,
  actionsNamedFor,
  schemaRef,
} from '../../../../core/src/index.js';
import { ApiError } from '../../errors/api-error.js';
import { serverTiming, type RecordingTime } from '../decisions/index.js';
import { activePrincipalIdsAfter } from '../principals/index.js';
import { decideAsEvaluate } from './decide.js';
import { principalKindOf, toSimulationRequest, type AuthzenTuple } from './mapping.js';
import { pageToken, positionOf } from './page-token.js';
import { searchPage, searchPageLimits, type SearchWalk } from './search.js';

const problem = schemaRef('problem');

/** The spec's paths (AuthZEN Authorization API 1.0, HTTPS binding), at the server's root as the evaluation endpoints. */
export const searchPaths = { subject: '/access/v1/search/subject', action: '/access/v1/search/action', resource: '/access/v1/search/resource' } as const;

const searchDoc =
  'OpenID AuthZEN Authorization API 1.0 (docs/authzen.md). Needs evaluate:decisions. Each candidate is decided and recorded exactly as POST /access/v1/evaluation decides it; the answer is the allowed ones. `page.limit` is at most 100 (default 50); a page decides at most 1,000 candidates and may answer fewer than the limit while its `page.next_token` is not empty: follow it until it is. A bulk operation for rate limits.';

/** AuthZEN search endpoints: subject and action searches answered exactly; resource search refused with a pointer to query plans. */
export async function authzenSearchRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: AuthzenSearchSubjectRequest }>(searchPaths.subject, {
    config: {
      auth: { scope: 'evaluate:decisions' },
      generations: 'checked_at_commit',
      rateLimit: 'bulk',
      docs: {
        summary: 'AuthZEN subject search: the stored principals that may take an action on a resource',
        description: `${searchDoc} The candidates are the active principals of the kind \`subject.type\` names (user, service, agent in any case), in byte order of id; another type has none.`,
        tags: ['AuthZEN'],
        responses: { 200: schemaRef('authzen-search-subject-response'), 400: problem, 401: problem, 403: problem, 503: problem },
      },
    },
    schema: { body: schemaRef('authzen-search-subject-request') },
    handler: async (request, reply) => answerSubjectSearch(app, request, reply),
  });

  app.post<{ Body: AuthzenSearchActionRequest }>(searchPaths.action, {
    config: {
      auth: { scope: 'evaluate:decisions' },
      generations: 'checked_at_commit',
      rateLimit: 'bulk',
      docs: {
        summary: 'AuthZEN action search: the actions a subject may take on a resource',
        description: `${searchDoc} The candidates are the actions the active policies' rules name for the resource's type, in code unit order: the language has no wildcard action, so any other action is denied.`,
        tags: ['AuthZEN'],
        responses: { 200: schemaRef('authzen-search-action-response'), 400: problem, 401: problem, 403: problem, 503: problem },
      },
    },
    schema: { body: schemaRef('authzen-search-action-request') },
    handler: async (request, reply) => answerActionSearch(app, request, reply),
  });

  app.post<{ Body: AuthzenSearchResourceRequest }>(searchPaths.resource, {
    config: {
      auth: { scope: 'evaluate:decisions' },
      rateLimit: 'bulk',
      docs: {
        summary: 'AuthZEN resource search: not answered (see POST /v1/decisions/plan)',
        description:
          "OpenID AuthZEN Authorization API 1.0 (docs/authzen.md). acctl holds no inventory of resources, so it cannot list them: a valid request is answered 501 resource_search_unsupported, and the metadata document omits search_resource_endpoint (the spec's sign that a PDP does not answer it). POST /v1/decisions/plan answers the question as a condition over the caller's own resources.",
        tags: ['AuthZEN'],
        responses: { 400: problem, 401: problem, 403: problem, 501: problem },
      },
    },
    schema: { body: schemaRef('authzen-search-resource-request') },
    handler: async () => {
      throw new ApiError(
        'resource_search_unsupported',
        'acctl holds no resource inventory to search: POST /v1/decisions/plan answers which resources of a type the subject may act on, as a condition to filter your own resources by',
      );
    },
  });
}

async function answerSubjectSearch(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: AuthzenSearchSubjectRequest }>,
  reply: FastifyReply,
): Promise<AuthzenSearchSubjectResponse> {
  const { subject, action, resource, context, page } = request.body;
  // subject.id is ignored (spec, "Subject Search API Request"): it is no part of the query.
  const query = { search: 'subject', subject: { type: subject.type, properties: subject.properties }, action, resource, context };
  const kind = principalKindOf(subject.type);
  const timing: RecordingTime = { recordMs: 0 };
  const walk: SearchWalk = {
    list: async (after, count) => (kind ? activePrincipalIdsAfter(app.db, kind, after, count) : []),
    decide: async (ids) =>
      decided(
        app,
        request,
        ids.map((id) => ({
          subject: { type: subject.type, id, ...(subject.properties ? { properties: subject.properties } : {}) },
          action,
          resource,
          context,
        })),
        timing,
      ),
  };
  const found = await searchPage(walk, page?.token === undefined ? undefined : positionOf(page.token, query), page?.limit ?? searchPageLimits.defaultLimit);
  reply.header('server-timing', serverTiming(timing.recordMs, reply.elapsedTime));
  return {
    results: found.answered.map((id) => ({ type: subject.type, id })),
    page: { next_token: found.next === undefined ? '' : pageToken(query, found.next), count: found.answered.length },
  };
}

async function answerActionSearch(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: AuthzenSearchActionRequest }>,
  reply: FastifyReply,
): Promise<AuthzenSearchActionResponse> {
  const { subject, resource, context, page } = request.body;
  const query = { search: 'action', subject, resource, context };
  // Policies as of a read after the request arrived: an action named by a policy activated before it is a candidate.
  const generations = await app.changeFeed.fresh();
  const actions = actionsNamedFor((await app.decisions.policies.get(generations.policies)).set, resource.type);
  const timing: RecordingTime = { recordMs: 0 };
  const walk: SearchWalk = {
    list: async (after, count) => {
      const start = after === undefined ? 0 : actions.findIndex((name) => name > after);
      return start < 0 ? [] : actions.slice(start, start + count);
    },
    decide: async (names) =>
      decided(
        app,
        request,
        names.map((name) => ({ subject, action: { name }, resource, context })),
        timing,
      ),
  };
  const found = await searchPage(walk, page?.token === undefined ? undefined : positionOf(page.token, query), page?.limit ?? searchPageLimits.defaultLimit);
  reply.header('server-timing', serverTiming(timing.recordMs, reply.elapsedTime));
  return {
    results: found.answered.map((name) => ({ name })),
    page: { next_token: found.next === undefined ? '' : pageToken(query, found.next), count: found.answered.length },
  };
}

/** Each tuple decided and recorded as POST /access/v1/evaluation would; refusals point at the request's own members. */
async function decided(app: FastifyInstance, request: FastifyRequest, tuples: AuthzenTuple[], timing: RecordingTime): Promise<boolean[]> {
  const decisions = await decideAsEvaluate(app, request, tuples.map(toSimulationRequest), timing, () => '');
  return decisions.map((decision) => decision.decision === 'allow');
}

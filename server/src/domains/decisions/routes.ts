import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type Decision,
  type DecisionBatchRequest,
  type DecisionListQuery,
  type DecisionPlanRequest,
  type SimulationRequest,
  schemaRef,
} from '../../../../core/src/index.js';
import { ActivePolicySet } from './active-policy-set.js';
import { listDecisions } from './decision-query.js';
import { decideChecked, planChecked } from './decide-checked.js';
import { discloseRecord, getDecision, type DecisionDeps, type RecordingTime } from './service.js';
import { StoredPrincipals } from './stored-principals.js';

const problem = schemaRef('problem');

declare module 'fastify' {
  interface FastifyInstance {
    decisions: DecisionDeps;
  }
}

/** The decision point's state of this replica: compiled policies, stored principals, the audit log its decisions are stored through. */
export const decisionsPlugin = fp(
  async (app: FastifyInstance) => {
    const principals = new StoredPrincipals(app.db);
    StoredPrincipals.watch(app.changeFeed, principals);
    app.decorate('decisions', {
      db: app.db,
      feed: app.changeFeed,
      policies: new ActivePolicySet(app.db, app.changeFeed),
      principals,
      auditLog: app.auditLog,
      auditedDecisions: app.config.auditDecisionEvents,
    });
  },
  { name: 'decisions', dependencies: ['db', 'change-feed', 'audit-log'] },
);

/** Spec, "Decisions": payloads not shown there; see schemas/decision*.json. */
export async function decisionRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: SimulationRequest }>('/decisions/evaluate', {
    config: {
      auth: { scope: 'evaluate:decisions' },
      generations: 'checked_at_commit',
      rateLimit: 'decision',
      docs: {
        summary: 'Evaluate an access request against all active policies',
        description: `Same request shape as a simulation. The decision is recorded durably before it is answered. ${storedTypeDoc} ${disclosureDoc} ${serverTimingDoc}`,
        tags: ['Decisions'],
        responses: { 200: schemaRef('decision'), 400: problem, 401: problem, 403: problem, 503: problem },
      },
    },
    schema: { body: schemaRef('simulation-request') },
    handler: async (request, reply) => (await decideTimed(app, request, reply, [request.body], () => ''))[0],
  });

  app.post<{ Body: DecisionBatchRequest }>('/decisions/batch', {
    config: {
      auth: { scope: 'evaluate:decisions' },
      generations: 'checked_at_commit',
      rateLimit: 'bulk',
      docs: {
        summary: 'Evaluate up to 100 access requests in one call',
        description: `Answered in order, each with its own id; all are recorded before the answer. A bulk operation for rate limits. Each answer discloses as POST /decisions/evaluate does. ${serverTimingDoc}`,
        tags: ['Decisions'],
        responses: { 200: schemaRef('decision-batch-response'), 400: problem, 401: problem, 403: problem, 503: problem },
      },
    },
    schema: { body: schemaRef('decision-batch-request') },
    handler: async (request, reply) => ({ results: await decideTimed(app, request, reply, request.body.requests, (index) => `/requests/${index}`) }),
  });

  app.post<{ Body: DecisionPlanRequest }>('/decisions/plan', {
    config: {
      auth: { scope: 'evaluate:decisions' },
      generations: 'checked_at_commit',
      rateLimit: 'decision',
      docs: {
        summary: 'Plan which resources of a type a principal may act on',
        description: `An evaluate request without a resource identifier (Cerbos's PlanResources). The answer's \`condition\`, over the resource's identifier and attributes, holds for a resource exactly when POST /decisions/evaluate would allow it: \`always_allowed\` (true), \`always_denied\` (false) or \`conditional\`. \`acctl decision plan --sql\` turns it into a PostgreSQL WHERE clause. The plan is recorded durably before it is answered, as a decision is: GET /decisions/{id} answers it (\`kind\` plan), its decision.planned audit event is on the decision chain, and retention keeps it as long as decisions. ${storedTypeDoc} ${planDisclosureDoc} Every construct of the policy language plans, exactly; one the planner could not express exactly would be refused with 422 plan_unsupported, naming the construct, policy and rule.`,
        tags: ['Decisions'],
        responses: { 200: schemaRef('decision-plan'), 400: problem, 401: problem, 403: problem, 422: problem, 503: problem },
      },
    },
    schema: { body: schemaRef('decision-plan-request') },
    handler: async (request) => planChecked(app, request),
  });

  // read:audit, as GET /decisions/{id} and the audit log: recorded decisions carry principals' attributes.
  app.get<{ Querystring: DecisionListQuery }>('/decisions', {
    config: {
      auth: { scope: 'read:audit' },
      docs: {
        summary: 'List recorded decisions, newest first',
        description:
          'Filters: since, until (ISO 8601, on the decision time), decision, principal_id, action, resource_type. Decisions only: query plans, recorded beside them, are read by id. Each record has the request as evaluated (stored principal attributes merged) and its time: enough to replay it against other policies (acctl policy impact). Pages follow `next_cursor` (keyset on time and id), which stays valid while new decisions arrive. ' +
          recordDisclosureDoc,
        tags: ['Decisions'],
        responses: { 200: schemaRef('decision-list'), 400: problem, 401: problem, 403: problem },
      },
    },
    schema: { querystring: schemaRef('decision-list-query') },
    handler: async (request) => {
      const page = await listDecisions(app.db, request.query);
      return { ...page, data: page.data.map((record) => discloseRecord(record, request.caller!.scopes)) };
    },
  });

  app.get<{ Params: { id: string } }>('/decisions/:id', {
    config: {
      auth: { scope: 'read:audit' },
      rateLimit: 'decision',
      docs: {
        summary: 'Get a recorded decision or query plan with its request and result',
        description: `${recordDisclosureDoc} A query plan's id (POST /decisions/plan) answers its record, \`kind\` plan (decision-or-plan-record.json), shown in full to any reader: a plan has no policy names, conditions met or reasons.`,
        tags: ['Decisions'],
        responses: { 200: schemaRef('decision-or-plan-record'), 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 100 } }, required: ['id'], additionalProperties: false } },
    handler: async (request) => discloseRecord(await getDecision(app.db, request.params.id), request.caller!.scopes),
  });
}

/** decideChecked, with the time spent recording in a Server-Timing header. */
async function decideTimed(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  requests: SimulationRequest[],
  pointerOf: (index: number) => string,
): Promise<Decision[]> {
  const timing: RecordingTime = { recordMs: 0 };
  const decisions = await decideChecked(app, request, requests, timing, pointerOf);
  reply.header('server-timing', serverTiming(timing.recordMs, reply.elapsedTime));
  return decisions;
}

/** core's principalTypeOf, checked in service.ts. */
const storedTypeDoc =
  'A `principal.id` of a stored principal fixes its type to its kind in capitals (USER, SERVICE, AGENT): another type is refused (400 at /principal/type).';

/** Cerbos answers a check with its effect and keeps the matched policy's metadata behind `includeMeta`; here the scope decides. */
const disclosureDoc =
  'What the answer discloses depends on the caller (`detail`): with evaluate:decisions alone, the decision, its id, the policy versions, and each matched rule as policy id, version, rule index and effect (`detail` summary). Policy names, the conditions each rule met and why other rules did not apply quote rule contents and principal attributes, so they come only with read:policies as well, and when the request named a stored principal, read:principals or read:audit (`detail` full). The record keeps the full result.';

/**
 * The condition is the plan's answer, as `decision` is evaluate's, and tells no more than evaluating
 * every resource would (Cerbos's PlanResources and Oso's authorized queries answer the filter to any
 * caller allowed to check); what evaluate withholds (names, conditions met, reasons) a plan never has.
 */
const planDisclosureDoc =
  'The answer is the same for every caller with evaluate:decisions: the kind, the condition (what the application filters by; it tells no more than evaluating each resource would) and the policy versions; it has no policy names, conditions met or reasons.';

const recordDisclosureDoc =
  'Needs read:audit. The request is shown as evaluated (read:audit also reads it in the decision.evaluated event); the result, stored in full, is shown in full (`detail` full) only to a reader with read:policies as well, otherwise as a summary without policy names, conditions met or reasons (`detail` summary).';

const serverTimingDoc =
  "The answer carries a `Server-Timing` header (W3C Server Timing): `record` is the time spent waiting for the decisions to be recorded (their group's write and commit), `total` the time from the request's arrival to the answer being ready, both in milliseconds.";

/** W3C Server Timing, as browsers' developer tools and `curl -v` show it. */
export function serverTiming(recordMs: number, totalMs: number): string {
  return `record;dur=${recordMs.toFixed(3)}, total;dur=${totalMs.toFixed(3)}`;
}

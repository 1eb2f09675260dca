import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ApiError } from '../../errors/api-error.js';
import type { Decision, DecisionRecord, SimulationRequest } from '../../generated/schema-types.js';
import type { ChangeFeed, Generations } from '../../plugins/change-feed.js';
import type { Caller } from '../../plugins/auth/verify-bearer-token.js';
import { evaluate } from '../policies/engine/index.js';
import type { ActivePolicySet } from './active-policy-set.js';
import type { DecisionRecorder, DecisionRow } from './decision-recorder.js';
import type { StoredPrincipals } from './stored-principals.js';

export interface DecisionDeps {
  db: Knex;
  feed: ChangeFeed;
  policies: ActivePolicySet;
  principals: StoredPrincipals;
  recorder: DecisionRecorder;
}

/** Spec, "Limits": a batch is a bulk operation; 100 requests at most (schemas/decision-batch-request.json). */
export const maxBatchSize = 100;

/**
 * Evaluates requests against every active policy and records each decision before answering.
 * A principal given by `id` of a stored principal gets its stored attributes, with the inline
 * ones taking precedence. Time conditions see the server clock.
 */
export async function decide(deps: DecisionDeps, caller: Caller, requests: SimulationRequest[], requestId: string, generationsAtArrival?: Generations | null): Promise<Decision[]> {
  // Read after the request arrived (by the auth step, or now): caches older than that are not used.
  const generations = generationsAtArrival ?? (await deps.feed.fresh());
  const snapshot = await deps.policies.get(generations.policies);
  const now = new Date();
  const rows: DecisionRow[] = [];
  const decisions: Decision[] = [];
  for (const request of requests) {
    const effective = await withStoredAttributes(deps, request, generations.principals);
    const started = performance.now();
    const result = evaluate(snapshot.set, effective, now);
    const elapsed = Math.round((performance.now() - started) * 1000) / 1000;
    const decision: Decision = {
      id: randomUUID(),
      decision: result.decision,
      matched_rules: result.matched_rules,
      reasons: result.reasons,
      explanation: result.explanation,
      policy_versions: result.policy_versions,
      evaluation_time_ms: elapsed,
      timestamp: now.toISOString(),
    };
    decisions.push(decision);
    rows.push({
      id: decision.id,
      created_at: now,
      decision: decision.decision,
      principal_id: effective.principal.id ?? null,
      principal_type: effective.principal.type,
      resource_type: effective.resource.type,
      resource_identifier: effective.resource.identifier,
      action: effective.action,
      caller_subject: caller.subject,
      client_id: caller.clientId,
      request_id: requestId,
      evaluation_time_ms: elapsed,
      request: effective,
      result: decision,
    });
  }
  await deps.recorder.record(rows);
  return decisions;
}

export async function getDecision(db: Knex, id: string): Promise<DecisionRecord> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new ApiError('not_found', `No decision with id ${id}`);
  const row = await db('decisions').where({ id }).first();
  if (!row) throw new ApiError('not_found', `No decision with id ${id}`);
  return {
    id: row.id,
    timestamp: (row.created_at as Date).toISOString(),
    decision: row.decision,
    request: row.request,
    result: row.result,
    caller: { subject: row.caller_subject, client_id: row.client_id, request_id: row.request_id },
  };
}

async function withStoredAttributes(deps: DecisionDeps, request: SimulationRequest, principalsGeneration: number): Promise<SimulationRequest> {
  const id = request.principal.id;
  if (!id) return request;
  const stored = await deps.principals.attributes(id, principalsGeneration);
  if (!stored) return request;
  return { ...request, principal: { ...request.principal, attributes: { ...stored, ...request.principal.attributes } } };
}

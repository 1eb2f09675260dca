import type { Knex } from 'knex';
import { byTimeOrderedId, isUuid, uuidV7 } from '../../db/uuid-v7.js';
import { ApiError } from '../../errors/api-error.js';
import type { ChangeContext, DomainEvent } from '../../events/types.js';
import { type Decision, type DecisionRecord, type PlanRecord, type SimulationRequest, evaluate, principalTypeOf } from '../../../../core/src/index.js';
import type { ChangeFeed, Generations } from '../../plugins/change-feed.js';
import type { ActivePolicySet } from './active-policy-set.js';
import {
  decisionRecordColumns,
  toDecisionRecord,
  toPlanRecord,
  type AuditLog,
  type DecisionGenerations,
  type DecisionRecordRow,
  type PlanRecordRow,
  type RecordedDecision,
} from '../audit/index.js';
import { decisionDetailFor, disclose } from './disclosure.js';
import type { StoredPrincipals } from './stored-principals.js';
import { withDelegation } from './delegation.js';

export interface DecisionDeps {
  db: Knex;
  feed: ChangeFeed;
  policies: ActivePolicySet;
  principals: StoredPrincipals;
  /** Stores decisions and plans (plan.ts) with their events (AuditLog.appendDecisions). */
  auditLog: Pick<AuditLog, 'appendDecisions'>;
  /** Which decisions get a decision.evaluated audit event (config auditDecisionEvents; `digest`: none, the recorder summarises each write). */
  auditedDecisions: 'all' | 'deny' | 'none' | 'digest';
}

/** Spec, "Limits": a batch is a bulk operation; 100 requests at most (schemas/decision-batch-request.json). */
export const maxBatchSize = 100;

/**
 * Evaluates requests against every active policy and records each decision before answering.
 * A principal given by `id` of a stored principal gets its stored attributes, with the inline
 * ones taking precedence. Time conditions see the server clock. `generations` are the change
 * counters the caches are used at. Read after the request arrived, they are all a decision needs;
 * otherwise (`readBeforeArrival`: the replica's known counters) recording checks them, and
 * rejects with StaleGenerations when something changed since: decide again at its counters.
 * Each decision is recorded in full; the caller is shown what its scopes may see (disclosure.ts).
 */
export async function decide(
  deps: DecisionDeps,
  context: ChangeContext,
  requests: SimulationRequest[],
  generations: Generations,
  readBeforeArrival: boolean,
  timing?: RecordingTime,
  pointerOf: (index: number) => string = () => '',
): Promise<MadeDecision[]> {
  const snapshot = await deps.policies.get(generations.policies);
  const made = checkedGenerations(generations, readBeforeArrival);
  const now = context.now;
  const recorded: RecordedDecision[] = [];
  const decisions: MadeDecision[] = [];
  for (const [index, request] of requests.entries()) {
    const stored = await withStoredAttributes(deps, request, generations.principals, pointerOf(index));
    const { mergedStoredAttributes } = stored;
    const effective = await withDelegation(deps, stored.effective, context.actor, generations.principals, pointerOf(index));
    const started = performance.now();
    const result = evaluate(snapshot.set, effective, now);
    const elapsed = Math.round((performance.now() - started) * 1000) / 1000;
    const decision: Decision = {
      id: uuidV7(now.getTime()),
      decision: result.decision,
      matched_rules: result.matched_rules,
      reasons: result.reasons,
      explanation: result.explanation,
      policy_versions: result.policy_versions,
      evaluation_time_ms: elapsed,
      timestamp: now.toISOString(),
    };
    decisions.push({ decision, mergedStoredAttributes });
    const audited = deps.auditedDecisions === 'all' || (deps.auditedDecisions === 'deny' && decision.decision === 'deny');
    const row = {
      ...recordedRowFields(context, decision.id, effective, elapsed),
      kind: 'decision' as const,
      decision: decision.decision,
      resource_identifier: effective.resource.identifier,
      request: effective,
      result: decision,
    };
    recorded.push({ row, event: audited ? decisionEvent(context, effective, decision) : null, generations: made });
  }
  const recording = performance.now();
  try {
    await deps.auditLog.appendDecisions(recorded);
  } finally {
    if (timing) timing.recordMs += performance.now() - recording;
  }
  return decisions;
}

/** The columns a decision's row and a plan's (plan.ts) have alike: who asked, about what, when. */
export function recordedRowFields(
  context: ChangeContext,
  id: string,
  request: Pick<SimulationRequest, 'principal' | 'action'> & { resource: { type: string } },
  elapsedMs: number,
) {
  return {
    id,
    created_at: context.now,
    principal_id: request.principal.id ?? null,
    principal_type: request.principal.type,
    resource_type: request.resource.type,
    action: request.action,
    caller_subject: context.actor.subject,
    client_id: context.actor.client_id,
    request_id: context.request.id,
    evaluation_time_ms: elapsedMs,
  };
}

/** The counters recording checks for something made at `generations`: none when they were read after its request arrived. */
export function checkedGenerations(generations: Generations, readBeforeArrival: boolean): DecisionGenerations | null {
  return readBeforeArrival ? { policies: generations.policies, principals: generations.principals, credentials: generations.credentials } : null;
}

/** A decision as recorded (in full), and whether a stored principal's attributes went into it (disclosure.ts). */
export interface MadeDecision {
  decision: Decision;
  mergedStoredAttributes: boolean;
}

/** The answer to a caller with `scopes`: in full or as a summary (disclosure.ts). */
export function discloseDecision(made: MadeDecision, scopes: readonly string[]): Decision {
  return disclose(made.decision, decisionDetailFor(scopes, made.mergedStoredAttributes));
}

/** Time spent waiting for decisions to be recorded (their group's write and commit), for the Server-Timing header. */
export interface RecordingTime {
  recordMs: number;
}

/** A recorded decision, or a recorded query plan (kind plan, plan.ts): both are recorded in decisions. */
export async function getDecision(db: Knex, id: string): Promise<DecisionRecord | PlanRecord> {
  if (!isUuid(id)) throw new ApiError('not_found', `No decision with id ${id}`);
  // A decision's id is made from its created_at (decide(), planDecision()).
  const row: DecisionRecordRow | PlanRecordRow | undefined = await db('decisions')
    .select(...decisionRecordColumns)
    .where(byTimeOrderedId(id, 'created_at'))
    .first();
  if (!row) throw new ApiError('not_found', `No decision with id ${id}`);
  return row.kind === 'plan' ? toPlanRecord(row) : toDecisionRecord(row);
}

/**
 * A stored record as its reader may see it: the result in full or as a summary (disclosure.ts).
 * The request stays whole: a reader of records has read:audit, whose decision.evaluated events
 * carry the same request, stored attributes merged.
 */
export function discloseRecord<R extends DecisionRecord | PlanRecord>(record: R, scopes: readonly string[]): R {
  // A plan's answer is the same for every caller (routes.ts, planDisclosureDoc): nothing to withhold.
  if ('kind' in record) return record;
  return { ...record, result: disclose(record.result, decisionDetailFor(scopes, true)) };
}

/** A request's principal as decision events record it: the id or null, the type, the attributes as evaluated. */
export function recordedPrincipal(principal: SimulationRequest['principal']): { id: string | null; type: string; attributes: Record<string, unknown> } {
  return { id: principal.id ?? null, type: principal.type, attributes: principal.attributes ?? {} };
}

/**
 * The decision.evaluated event: the decision's inputs (as evaluated, stored attributes merged)
 * and outputs, as Cerbos's decision log records a check. Its id is the decision's id.
 */
function decisionEvent(context: ChangeContext, request: SimulationRequest, decision: Decision): DomainEvent {
  return {
    id: decision.id,
    time: context.now,
    type: 'decision.evaluated',
    actor: context.actor,
    target: { type: 'resource', id: `${request.resource.type}/${request.resource.identifier}` },
    outcome: 'success',
    request: context.request,
    change: null,
    data: {
      decision: decision.decision,
      principal: recordedPrincipal(request.principal),
      resource: {
        type: request.resource.type,
        identifier: request.resource.identifier,
        ...(request.resource.attributes ? { attributes: request.resource.attributes } : {}),
      },
      action: request.action,
      ...(request.context ? { context: request.context } : {}),
      matched_rules: decision.matched_rules.map(({ policy_id, policy_version, rule_index, effect }) => ({ policy_id, policy_version, rule_index, effect })),
      policy_versions: decision.policy_versions,
      evaluation_time_ms: decision.evaluation_time_ms,
    },
  };
}

/**
 * The request as evaluated, and whether a stored principal's attributes went into it (which the
 * answer may then quote). A stored principal's type is its kind: a request that names a stored
 * user as `SERVICE` (or `user`, which no rule's `USER` matches) is refused, 400 at `pointer`'s
 * /principal/type, rather than evaluated as something the principal is not (Cerbos likewise
 * takes a principal's roles from its store, never from the check). Plans (plan.ts) use it too.
 */
export async function withStoredAttributes<R extends Pick<SimulationRequest, 'principal'>>(
  deps: Pick<DecisionDeps, 'principals'>,
  request: R,
  principalsGeneration: number,
  pointer: string,
): Promise<{ effective: R; mergedStoredAttributes: boolean }> {
  const id = request.principal.id;
  if (!id) return { effective: request, mergedStoredAttributes: false };
  const stored = await deps.principals.find(id, principalsGeneration);
  if (!stored) return { effective: request, mergedStoredAttributes: false };
  const storedType = principalTypeOf(stored.kind);
  if (request.principal.type !== storedType)
    throw new ApiError('validation_failed', `Principal ${id} is a stored ${stored.kind}: its type is ${storedType}, not ${request.principal.type}`, {
      errors: [{ pointer: `${pointer}/principal/type`, in: 'body', detail: `must be ${storedType}, the type of stored ${stored.kind} ${id}` }],
    });
  return {
    effective: { ...request, principal: { ...request.principal, attributes: { ...stored.attributes, ...request.principal.attributes } } },
    mergedStoredAttributes: true,
  };
}

import { uuidV7 } from '../../db/uuid-v7.js';
import { ApiError } from '../../errors/api-error.js';
import { changeEvent } from '../../events/event.js';
import type { ChangeContext, DomainEvent } from '../../events/types.js';
import { type DecisionPlan, type DecisionPlanRequest, planResources } from '../../../../core/src/index.js';
import type { Generations } from '../../plugins/change-feed.js';
import type { PlannedRow } from '../audit/index.js';
import { checkedGenerations, type DecisionDeps, recordedPrincipal, recordedRowFields, withStoredAttributes } from './service.js';

/** The decision point's caches, and the audit log a plan is recorded through. */
export type PlanDeps = Pick<DecisionDeps, 'policies' | 'principals' | 'auditLog'>;

/**
 * Which resources of a type the principal may act on (issue #35; Cerbos's PlanResources): the
 * active policies evaluate uses, the stored principal merged and its type fixed exactly as evaluate
 * does (withStoredAttributes), time conditions at the server clock. The compiled set is evaluate's,
 * so a plan reads the rules of its type and action only. The plan is recorded like a decision
 * (kind plan in decisions, with its decision.planned event on the decision chain), through the
 * same group commit, before it is answered; as decide() it may be refused with StaleGenerations
 * when `readBeforeArrival` counters moved on (decide-checked.ts plans again). A construct the
 * planner cannot make exact is a 422 naming it: a filter that is only nearly right would leak or
 * hide resources.
 */
export async function planDecision(
  deps: PlanDeps,
  context: ChangeContext,
  request: DecisionPlanRequest,
  generations: Generations,
  readBeforeArrival: boolean,
): Promise<DecisionPlan> {
  const snapshot = await deps.policies.get(generations.policies);
  const { effective } = await withStoredAttributes(deps, request, generations.principals, '');
  const now = context.now;
  const started = performance.now();
  const plan = planResources(snapshot.set, {
    principal: effective.principal,
    action: effective.action,
    resourceType: effective.resource.type,
    ...(effective.context === undefined ? {} : { context: effective.context }),
    now,
  });
  const elapsed = Math.round((performance.now() - started) * 1000) / 1000;
  if (plan.kind === 'unsupported')
    throw new ApiError(
      'plan_unsupported',
      `Rule ${plan.rule_index} of policy ${plan.policy_id} uses ${plan.construct}, which no query plan can express exactly`,
    );
  const answer: DecisionPlan = { id: uuidV7(now.getTime()), kind: plan.kind, condition: plan.condition, policies: plan.policies, timestamp: now.toISOString() };
  const row: PlannedRow = {
    ...recordedRowFields(context, answer.id, effective, elapsed),
    kind: 'plan',
    decision: null,
    resource_identifier: null,
    request: effective,
    result: answer,
  };
  await deps.auditLog.appendDecisions([
    { row, event: plannedEvent(context, effective, answer), generations: checkedGenerations(generations, readBeforeArrival) },
  ]);
  return answer;
}

/** The decision.planned event: the plan's inputs as planned (stored attributes merged) and its answer, as decision.evaluated records a decision. */
function plannedEvent(context: ChangeContext, request: DecisionPlanRequest, plan: DecisionPlan): DomainEvent {
  return {
    ...changeEvent(context, 'decision.planned', { type: 'resource_type', id: request.resource.type }, null, {
      kind: plan.kind,
      principal: recordedPrincipal(request.principal),
      resource_type: request.resource.type,
      action: request.action,
      ...(request.context ? { context: request.context } : {}),
      condition: plan.condition,
      policies: plan.policies,
    }),
    id: plan.id,
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Decision, DecisionPlan, DecisionPlanRequest, SimulationRequest } from '../../../../core/src/index.js';
import type { Generations } from '../../plugins/change-feed.js';
import { changeContextOf } from '../../events/context.js';
import { StaleGenerations } from '../audit/index.js';
import { planDecision } from './plan.js';
import { decide, discloseDecision, type RecordingTime } from './service.js';

/**
 * Decides with the counters the request was authenticated at (the replica's known ones), which
 * recording checks; when one moved on, the caller is authenticated again and the requests decided
 * again at the counters the check read, which is after the request arrived: that second decision
 * needs no check, so a stream of changes cannot keep a decision failing. Each decision is then
 * disclosed for the caller's scopes as of the decision. POST /decisions/evaluate and /batch and
 * the AuthZEN routes all decide through here; POST /decisions/plan plans through here (planChecked).
 */
export async function decideChecked(
  app: FastifyInstance,
  request: FastifyRequest,
  requests: SimulationRequest[],
  timing: RecordingTime,
  pointerOf: (index: number) => string,
): Promise<Decision[]> {
  const decisions = await checkedAtCommit(app, request, (generations, readBeforeArrival) =>
    decide(app.decisions, changeContextOf(request), requests, generations, readBeforeArrival, timing, pointerOf),
  );
  for (const made of decisions) app.metrics.decisionAnswered(made.decision.decision);
  // Read after a possible authentication again: the caller's scopes as of the decision.
  const scopes = request.caller!.scopes;
  return decisions.map((made) => discloseDecision(made, scopes));
}

/** POST /decisions/plan: planned and recorded as decisions are, checked at commit the same way (plan.ts). */
export function planChecked(app: FastifyInstance, request: FastifyRequest<{ Body: DecisionPlanRequest }>): Promise<DecisionPlan> {
  return checkedAtCommit(app, request, (generations, readBeforeArrival) =>
    planDecision(app.decisions, changeContextOf(request), request.body, generations, readBeforeArrival),
  );
}

/** Makes and records something at the request's counters; if recording found them stale, authenticates again and makes it again at the counters it read. */
async function checkedAtCommit<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  make: (generations: Generations, readBeforeArrival: boolean) => Promise<T>,
): Promise<T> {
  const generations = request.generations ?? (await app.changeFeed.fresh());
  try {
    return await make(generations, true);
  } catch (error) {
    if (!(error instanceof StaleGenerations)) throw error;
    app.changeFeed.observe(error.current);
    await app.authenticateAgain(request, error.current);
    return make(error.current, false);
  }
}

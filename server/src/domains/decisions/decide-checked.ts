import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Decision, SimulationRequest } from '../../../../core/src/index.js';
import { changeContextOf } from '../../events/context.js';
import { StaleGenerations } from '../audit/index.js';
import { decide, discloseDecision, type MadeDecision, type RecordingTime } from './service.js';

/**
 * Decides with the counters the request was authenticated at (the replica's known ones), which
 * recording checks; when one moved on, the caller is authenticated again and the requests decided
 * again at the counters the check read, which is after the request arrived: that second decision
 * needs no check, so a stream of changes cannot keep a decision failing. Each decision is then
 * disclosed for the caller's scopes as of the decision. POST /decisions/evaluate and /batch and
 * the AuthZEN routes all decide through here.
 */
export async function decideChecked(
  app: FastifyInstance,
  request: FastifyRequest,
  requests: SimulationRequest[],
  timing: RecordingTime,
  pointerOf: (index: number) => string,
): Promise<Decision[]> {
  const generations = request.generations ?? (await app.changeFeed.fresh());
  let decisions: MadeDecision[];
  try {
    decisions = await decide(app.decisions, changeContextOf(request), requests, generations, true, timing, pointerOf);
  } catch (error) {
    if (!(error instanceof StaleGenerations)) throw error;
    app.changeFeed.observe(error.current);
    await app.authenticateAgain(request, error.current);
    decisions = await decide(app.decisions, changeContextOf(request), requests, error.current, false, timing, pointerOf);
  }
  for (const made of decisions) app.metrics.decisionAnswered(made.decision.decision);
  // Read after a possible authentication again: the caller's scopes as of the decision.
  const scopes = request.caller!.scopes;
  return decisions.map((made) => discloseDecision(made, scopes));
}

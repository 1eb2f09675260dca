import type { Knex } from 'knex';
import { ApiError } from '../../errors/api-error.js';
import type { PolicyCreateRequest, SimulationRequest, SimulationResponse } from '../../../../core/src/index.js';
import { simulatePolicy, type EnginePolicy } from '../../../../core/src/index.js';
import { mustFind } from './service.js';

/**
 * Spec, "Simulation": evaluates one policy, in any status but deleted, against a request and
 * enforces nothing. Time conditions see context.timestamp when given (a simulation asks "what
 * if"), else the current time.
 */
export function simulate(policy: EnginePolicy, request: SimulationRequest, now: Date): SimulationResponse {
  const at = request.context?.timestamp ? new Date(request.context.timestamp) : now;
  const started = performance.now();
  const result = simulatePolicy(policy, request, at);
  const elapsed = performance.now() - started;
  return {
    decision: result.decision,
    matched_rules: result.matched_rules.map((rule) => ({ rule_index: rule.rule_index, effect: rule.effect, conditions_met: rule.conditions_met })),
    evaluation_time_ms: Math.round(elapsed),
    timestamp: now.toISOString(),
    explanation: result.explanation,
    ...(result.reasons.length > 0 ? { reasons: result.reasons } : {}),
  };
}

export async function simulateStoredPolicy(db: Knex, id: string, request: SimulationRequest, now: Date): Promise<SimulationResponse> {
  const row = await mustFind(db, id);
  if (row.status === 'deleted') throw new ApiError('conflict', `Policy ${id} is deleted; restore it to simulate it`);
  return simulate({ id: row.id, version: row.version, name: row.name, rules: row.rules }, request, now);
}

/** A policy body that is not stored (a pull request's file): same engine, same answer. */
export function simulateInlinePolicy(policy: PolicyCreateRequest, request: SimulationRequest, now: Date): SimulationResponse {
  return simulate({ id: 'inline', version: 0, name: policy.name, rules: policy.rules }, request, now);
}

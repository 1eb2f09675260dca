import { decide, policyRef, type Candidate } from './decision.js';
import { addressesResource, prepareRule } from './rule.js';
import type { EngineDecision, EnginePolicy, EngineRequest } from './types.js';

/**
 * The reference evaluation: every rule of every policy, read afresh and checked in order. Slow on large
 * sets and obviously right; the compiled index is tested against it.
 */
export function evaluateByScan(policies: readonly EnginePolicy[], request: EngineRequest, at: Date): EngineDecision {
  const candidates: Candidate[] = [];
  for (const policy of Array.isArray(policies) ? policies : []) {
    const rules: unknown = policy?.rules;
    if (!Array.isArray(rules)) continue;
    rules.forEach((rule, ruleIndex) => {
      const prepared = prepareRule(rule);
      if (addressesResource(prepared, request)) candidates.push({ policy: policyRef(policy), ruleIndex, rule: prepared });
    });
  }
  return decide(candidates, request, at);
}

/**
 * One policy on its own, whatever its status (spec, POST /policies/{id}/simulate: draft and archived
 * policies are simulated too); the same rules as enforcement.
 */
export function simulatePolicy(policy: EnginePolicy, request: EngineRequest, at: Date): EngineDecision {
  return evaluateByScan([policy], request, at);
}

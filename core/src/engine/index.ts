/**
 * The policy evaluation engine: pure (no I/O, no clock of its own), shared by the server's decision and
 * simulation endpoints and by the CLI. Semantics: policy-rule.json and policy-condition.json.
 *
 *   const set = compilePolicySet(activePolicies);   // once per change of the policy set
 *   const decision = evaluate(set, request, now);   // per request; `now` is the caller's clock
 *
 * The time condition reads `at`, never context.timestamp: whether a client-supplied timestamp may stand
 * for the request time (a simulation may want it, enforcement should not) is the caller's decision.
 */
export { compilePolicySet, evaluate, type CompiledPolicySet } from './compile.js';
export { evaluateByScan, simulatePolicy } from './scan.js';
export type { AttributeValue, Effect, EngineContext, EngineDecision, EnginePolicy, EngineRequest, MatchedRule } from './types.js';

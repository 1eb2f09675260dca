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
export { actionsNamedFor, compilePolicySet, evaluate, type CompiledPolicySet } from './compile.js';
export { evaluateByScan, simulatePolicy } from './scan.js';
// The conditions one by one: lint, coverage, plan and diff name and check them through these.
export { prepareCondition, CONDITION_DEPTH_LIMIT, type PreparedCondition, type Truth } from './conditions/index.js';
export { describeCondition } from './conditions/label.js';
export { attributeOperators, attributePathForms, parseAttributePath } from './conditions/attribute.js';
export { parseInstant } from './conditions/time-instant.js';
export { parseIpBlock } from './ip-address.js';
export { findRuleApplication, findRuleRequest, reachableTruths, type RuleApplication, type SatisfyOptions } from './analysis/satisfy.js';
export {
  compareAccess,
  ACCESS_ANALYSIS_HORIZON_DAYS,
  type AccessChange,
  type AccessExample,
  type AccessVerdict,
  type CompareAccessOptions,
} from './analysis/access-change.js';
export { conditionLimitProblems, CONDITIONS_PER_RULE_LIMIT, type ConditionLimitProblem } from './condition-limits.js';
export type { AttributeValue, ResourceAttributeValue, Effect, EngineContext, EngineDecision, EnginePolicy, EngineRequest, MatchedRule } from './types.js';

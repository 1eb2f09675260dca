import { joinLines } from './conditions/condition.js';
import { applyRule, type PreparedRule } from './rule.js';
import type { EngineDecision, EnginePolicy, EngineRequest, MatchedRule } from './types.js';

/** A policy as decisions name it. */
export interface PolicyRef {
  id: string;
  name: string;
  version: number;
}

export function policyRef(policy: EnginePolicy): PolicyRef {
  return { id: policy.id, name: policy.name, version: policy.version };
}

/** A rule that addresses the request's resource and action; whether it applies is for `decide`. */
export interface Candidate {
  policy: PolicyRef;
  ruleIndex: number;
  rule: PreparedRule;
}

/** Enough to explain a deny without flooding a CLI screen or an audit record. */
const REASONS_LISTED = 10;

/**
 * The decision over the rules that address the request, given in policy order then rule index (both the
 * index and the scan hand them over so; the order of matched_rules and reasons follows). Deny overrides
 * allow, and nothing applying is deny (policy-rule schema, as in Cerbos and AWS IAM).
 */
export function decide(candidates: readonly Candidate[], request: EngineRequest, at: Date): EngineDecision {
  const matched: MatchedRule[] = [];
  const reasons: string[] = [];
  const policyVersions = new Map<string, number>();
  let notApplied = 0;
  for (const { policy, ruleIndex, rule } of candidates) {
    policyVersions.set(policy.id, policy.version);
    const outcome = applyRule(rule, request, at);
    if (outcome.applies) {
      matched.push({
        policy_id: policy.id,
        policy_name: policy.name,
        policy_version: policy.version,
        rule_index: ruleIndex,
        effect: outcome.effect,
        conditions_met: outcome.conditionsMet,
      });
    } else if (++notApplied <= REASONS_LISTED) {
      reasons.push(`${ruleName(policy, ruleIndex)} did not apply: ${outcome.why}`);
    }
  }
  if (notApplied > REASONS_LISTED) reasons.push(`${notApplied - REASONS_LISTED} more ${plural(notApplied - REASONS_LISTED, 'rule')} did not apply`);

  const denies = matched.filter((rule) => rule.effect === 'deny');
  const allows = matched.filter((rule) => rule.effect === 'allow');
  const decision = denies.length === 0 && allows.length > 0 ? 'allow' : 'deny';
  return {
    decision,
    matched_rules: matched,
    reasons,
    explanation: explain(request, denies, allows, notApplied),
    // fromEntries defines own properties, so an id such as "__proto__" stays an ordinary key.
    policy_versions: Object.fromEntries(policyVersions),
  };
}

function explain(request: EngineRequest, denies: MatchedRule[], allows: MatchedRule[], notApplied: number): string {
  const [firstDeny] = denies;
  if (firstDeny) {
    const others = denies.length > 1 ? ` and ${denies.length - 1} other deny ${plural(denies.length - 1, 'rule')}` : '';
    const overriding = allows.length > 0 ? `, overriding ${allows.length} matching allow ${plural(allows.length, 'rule')}` : '';
    return `Denied by deny ${describeMatch(firstDeny)}${others}${overriding}.`;
  }
  const [firstAllow] = allows;
  if (firstAllow) {
    const others = allows.length > 1 ? ` and ${allows.length - 1} other allow ${plural(allows.length - 1, 'rule')}` : '';
    return `Allowed by ${describeMatch(firstAllow)}${others}.`;
  }
  const unapplied = notApplied > 0 ? ` (${notApplied} ${plural(notApplied, 'rule')} for this resource and action did not apply; see reasons)` : '';
  return `Denied: no rule matched ${describeRequest(request)}${unapplied}.`;
}

function describeMatch(rule: MatchedRule): string {
  const conditions = rule.conditions_met.length > 0 ? `conditions met: ${joinLines(rule.conditions_met, '; ')}` : 'no conditions';
  return `${ruleName({ id: rule.policy_id, name: rule.policy_name, version: rule.policy_version }, rule.rule_index)} (${conditions})`;
}

function ruleName(policy: PolicyRef, ruleIndex: number): string {
  return `rule ${ruleIndex} of policy ${policy.name || policy.id}`;
}

/** `database/prod-db-1 read for USER`, from whatever the request carries. */
function describeRequest(request: EngineRequest): string {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '?');
  return `${text(request?.resource?.type)}/${text(request?.resource?.identifier)} ${text(request?.action)} for ${text(request?.principal?.type)}`;
}

function plural(count: number, noun: string): string {
  return count === 1 ? noun : `${noun}s`;
}

import type { Decision } from '../../../../core/src/index.js';
import { grants } from '../../../../core/src/index.js';

/**
 * How much of a decision a caller is shown (schemas/decision.json, `detail`). `full`: policy
 * names, the conditions each matched rule met, why the other rules did not apply. Those quote
 * rule contents (accepted values, bounds, time windows) and the principal's attributes, stored
 * ones included, so they need read:policies on top of the route's scope, as Cerbos keeps a check's
 * metadata behind `includeMeta`. `summary`: the decision, its id, and the matched rules as policy
 * id, version, rule index and effect; nothing quoted.
 */
export type DecisionDetail = 'full' | 'summary';

/**
 * The detail for a caller's scopes. A decision that merged a stored principal's attributes also
 * needs a scope that reads them elsewhere (read:principals, or read:audit, whose decision records
 * and audit events carry them): an answer never shows what its caller could not read anyway.
 */
export function decisionDetailFor(scopes: readonly string[], mergedStoredAttributes: boolean): DecisionDetail {
  if (!grants(scopes, 'read:policies')) return 'summary';
  if (mergedStoredAttributes && !grants(scopes, 'read:principals') && !grants(scopes, 'read:audit')) return 'summary';
  return 'full';
}

const withheld = 'need the read:policies scope';

/** The decision as `detail` shows it. The stored record keeps the full result whatever was answered. */
export function disclose(decision: Decision, detail: DecisionDetail): Decision {
  if (detail === 'full') return { ...decision, detail };
  return {
    id: decision.id,
    decision: decision.decision,
    // conditions_met stays (the spec's simulation answer has it) but empty: its lines quote the rule.
    matched_rules: decision.matched_rules.map(({ policy_id, policy_version, rule_index, effect }) => ({
      policy_id,
      policy_version,
      rule_index,
      effect,
      conditions_met: [],
    })),
    reasons: decision.reasons.length > 0 ? [`Rules for this resource and action did not apply; their reasons ${withheld}`] : [],
    explanation: summaryExplanation(decision),
    policy_versions: decision.policy_versions,
    evaluation_time_ms: decision.evaluation_time_ms,
    timestamp: decision.timestamp,
    detail,
  };
}

/** The engine's sentence (core/src/engine/decision.ts) with rules named by policy id and index only. */
function summaryExplanation(decision: Decision): string {
  const denies = decision.matched_rules.filter((rule) => rule.effect === 'deny');
  const allows = decision.matched_rules.filter((rule) => rule.effect === 'allow');
  const named = (rule: Decision['matched_rules'][number]) => `rule ${rule.rule_index} of policy ${rule.policy_id} (version ${rule.policy_version})`;
  const more = (count: number, effect: string) => (count > 0 ? ` and ${count} other ${effect} ${count === 1 ? 'rule' : 'rules'}` : '');
  let sentence: string;
  if (decision.decision === 'deny' && denies[0]) {
    const overriding = allows.length > 0 ? `, overriding ${allows.length} matching allow ${allows.length === 1 ? 'rule' : 'rules'}` : '';
    sentence = `Denied by deny ${named(denies[0])}${more(denies.length - 1, 'deny')}${overriding}.`;
  } else if (decision.decision === 'allow' && allows[0]) {
    sentence = `Allowed by ${named(allows[0])}${more(allows.length - 1, 'allow')}.`;
  } else {
    sentence = `Denied: no rule matched${decision.reasons.length > 0 ? ' (rules for this resource and action did not apply)' : ''}.`;
  }
  return `${sentence} Policy names, conditions and reasons ${withheld}.`;
}

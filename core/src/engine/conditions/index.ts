import { attributeOperators, prepareAttribute } from './attribute.js';
import { prepareDeviceTrustedEquals, prepareMfaVerifiedEquals } from './booleans.js';
import { alwaysUnknown, joinLines, showName, showValue, type ConditionOutcome, type PreparedCondition, type Truth } from './condition.js';
import { prepareIpAddress } from './ip-address.js';
import { prepareRiskScore, riskScoreOperators, type RiskScoreOperator } from './risk-score.js';
import { prepareTimeBetween } from './time-between.js';
import { prepareTimeInstant } from './time-instant.js';

export type { ConditionOutcome, PreparedCondition, Truth } from './condition.js';

/**
 * The condition types and operators (policy-condition schema; the spec's "Condition" table and ours):
 * the one place a new one is added. `any_of` and `not` are the two that hold other conditions.
 */
const preparerByTypeAndOperator = new Map<string, (value: unknown) => PreparedCondition>([
  ['time between', prepareTimeBetween],
  ['time before', prepareTimeInstant('before')],
  ['time after', prepareTimeInstant('after')],
  ...Object.keys(riskScoreOperators).map((operator) => [`risk_score ${operator}`, prepareRiskScore(operator as RiskScoreOperator)] as const),
  ['mfa_verified equals', prepareMfaVerifiedEquals],
  ['device_trusted equals', prepareDeviceTrustedEquals],
  ['ip_address in_cidr', prepareIpAddress('in_cidr')],
  ['ip_address not_in_cidr', prepareIpAddress('not_in_cidr')],
  ...attributeOperators.map((operator) => [`attribute ${operator}`, prepareAttribute(operator)] as const),
]);

/** How deep any_of and not may nest: deeper is refused by the server and lint, and unknown to the engine. */
export const CONDITION_DEPTH_LIMIT = 5;

/**
 * Parses a condition once. Storage validates conditions against the schema, but the engine also reads
 * policy files in the CLI: anything it does not know is unknown, with a reason, instead of throwing.
 */
export function prepareCondition(condition: unknown): PreparedCondition {
  return prepareAt(condition, 1);
}

function prepareAt(condition: unknown, depth: number): PreparedCondition {
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition))
    return alwaysUnknown(`condition ${showValue(condition)} is not an object`);
  const { type, operator, value } = condition as { type?: unknown; operator?: unknown; value?: unknown };
  if (type === 'any_of' || type === 'not') {
    if (operator !== undefined && operator !== type)
      return alwaysUnknown(`condition ${type}/${showName(operator)} is not supported (${type} takes no operator)`);
    if (depth >= CONDITION_DEPTH_LIMIT) return alwaysUnknown(`condition ${type} nests deeper than ${CONDITION_DEPTH_LIMIT} levels`);
    return type === 'any_of' ? prepareAnyOf(value, depth) : prepareNot(value, depth);
  }
  const prepare = typeof type === 'string' && typeof operator === 'string' ? preparerByTypeAndOperator.get(`${type} ${operator}`) : undefined;
  if (!prepare) return alwaysUnknown(`condition ${showName(type)}/${showName(operator)} is not supported`);
  return prepare(value);
}

/**
 * `any_of` [conditions]: true when one is true, else unknown when one is unknown, else false. It stops
 * at the first true branch, which is the whole reason it holds (`any of, by branch 1: device_trusted
 * true = true`); when none holds, every branch is evaluated so the explanation shows each.
 */
function prepareAnyOf(value: unknown, depth: number): PreparedCondition {
  if (!Array.isArray(value) || value.length === 0) return alwaysUnknown(`any_of needs a list of conditions, not ${showValue(value)}`);
  const branches = value.map((branch) => prepareAt(branch, depth + 1));
  const byBranch = branches.map((_, index) => `any of, by branch ${index}: `);
  return (request, at): ConditionOutcome => {
    let truth: Truth = 'false';
    const lines: string[] = [];
    for (let index = 0; index < branches.length; index += 1) {
      const outcome = branches[index]!(request, at);
      if (outcome.truth === 'true') return { truth: 'true', description: byBranch[index]! + outcome.description };
      if (outcome.truth === 'unknown') truth = 'unknown';
      lines.push(outcome.description);
    }
    return { truth, description: `any of (${joinLines(lines, '; or ')}): ${truth === 'unknown' ? 'none holds, one is unknown' : 'none holds'}` };
  };
}

/** `not` condition: true when it is false, false when it is true, unknown when it is unknown. */
function prepareNot(value: unknown, depth: number): PreparedCondition {
  const inner = prepareAt(value, depth + 1);
  return (request, at): ConditionOutcome => {
    const outcome = inner(request, at);
    const truth: Truth = outcome.truth === 'true' ? 'false' : outcome.truth === 'false' ? 'true' : 'unknown';
    return { truth, description: `not (${outcome.description})` };
  };
}

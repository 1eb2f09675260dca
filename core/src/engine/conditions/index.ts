import { alwaysFails, showName, showValue, type PreparedCondition } from './condition.js';
import { prepareMfaVerifiedEquals } from './mfa-verified-equals.js';
import { prepareRiskScoreLessThan } from './risk-score-less-than.js';
import { prepareTimeBetween } from './time-between.js';

export type { ConditionOutcome, PreparedCondition } from './condition.js';

/** The condition types and operators of the spec's "Condition" table; the one place a new one is added. */
const preparerByTypeAndOperator = new Map<string, (value: unknown) => PreparedCondition>([
  ['time between', prepareTimeBetween],
  ['risk_score less_than', prepareRiskScoreLessThan],
  ['mfa_verified equals', prepareMfaVerifiedEquals],
]);

/**
 * Parses a condition once. Storage validates conditions against the schema, but the engine also reads
 * policy files in the CLI: anything it does not know fails closed with a reason instead of throwing.
 */
export function prepareCondition(condition: unknown): PreparedCondition {
  if (condition === null || typeof condition !== 'object') return alwaysFails(`condition ${showValue(condition)} is not an object`);
  const { type, operator, value } = condition as { type?: unknown; operator?: unknown; value?: unknown };
  const prepare = typeof type === 'string' && typeof operator === 'string' ? preparerByTypeAndOperator.get(`${type} ${operator}`) : undefined;
  if (!prepare) return alwaysFails(`condition ${showName(type)}/${showName(operator)} is not supported`);
  return prepare(value);
}

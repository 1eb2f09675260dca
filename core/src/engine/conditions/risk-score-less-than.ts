import { alwaysFails, contextValue, fails, holds, showValue, type PreparedCondition } from './condition.js';

/** `risk_score` / `less_than` n (spec, "Condition"): context.risk_score < n. Missing or not a number fails. */
export function prepareRiskScoreLessThan(bound: unknown): PreparedCondition {
  if (typeof bound !== 'number' || Number.isNaN(bound)) return alwaysFails(`risk_score bound ${showValue(bound)} is not a number`);
  return (request) => {
    const score = contextValue(request, 'risk_score');
    if (score === undefined || score === null) return fails('risk_score missing from context');
    if (typeof score !== 'number' || Number.isNaN(score)) return fails(`risk_score ${showValue(score)} in context is not a number`);
    return score < bound ? holds(`risk_score ${score} < ${bound}`) : fails(`risk_score ${score} is not < ${bound}`);
  };
}

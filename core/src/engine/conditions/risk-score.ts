import { alwaysUnknown, contextValue, outcome, showValue, unknown, type PreparedCondition } from './condition.js';

/** The comparisons `risk_score` takes, with the symbol explanations show. */
export const riskScoreOperators = {
  less_than: { symbol: '<', compare: (score: number, bound: number) => score < bound },
  less_than_or_equal: { symbol: '<=', compare: (score: number, bound: number) => score <= bound },
  greater_than: { symbol: '>', compare: (score: number, bound: number) => score > bound },
  greater_than_or_equal: { symbol: '>=', compare: (score: number, bound: number) => score >= bound },
} as const;

export type RiskScoreOperator = keyof typeof riskScoreOperators;

/** `risk_score` / OP n: context.risk_score compared with n (`risk_score 30 < 50`). Missing or not a number: unknown. */
export function prepareRiskScore(operator: RiskScoreOperator): (bound: unknown) => PreparedCondition {
  const { symbol, compare } = riskScoreOperators[operator];
  return (bound) => {
    if (typeof bound !== 'number' || !Number.isFinite(bound)) return alwaysUnknown(`risk_score bound ${showValue(bound)} is not a number`);
    return (request) => {
      const score = contextValue(request, 'risk_score');
      if (score === undefined || score === null) return unknown('risk_score missing from context');
      if (typeof score !== 'number' || Number.isNaN(score)) return unknown(`risk_score ${showValue(score)} in context is not a number`);
      const holds = compare(score, bound);
      return outcome(holds, holds ? `risk_score ${score} ${symbol} ${bound}` : `risk_score ${score} is not ${symbol} ${bound}`);
    };
  };
}

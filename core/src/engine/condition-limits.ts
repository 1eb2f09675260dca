import { CONDITION_DEPTH_LIMIT } from './conditions/index.js';

/** At most this many conditions in one rule, counting those inside any_of and not: a rule's cost per decision stays small. */
export const CONDITIONS_PER_RULE_LIMIT = 100;

export interface ConditionLimitProblem {
  /** JSON Pointer from the policy (`/rules/0/conditions/1/value/0`). */
  pointer: string;
  detail: string;
}

/**
 * What the schema cannot bound, the server refuses and lint reports alike: any_of and not nested
 * deeper than CONDITION_DEPTH_LIMIT levels (the engine treats deeper ones as unknown), and more than
 * CONDITIONS_PER_RULE_LIMIT conditions in a rule. Reads anything without throwing.
 */
export function conditionLimitProblems(rules: unknown): ConditionLimitProblem[] {
  if (!Array.isArray(rules)) return [];
  const problems: ConditionLimitProblem[] = [];
  rules.forEach((rule: unknown, ruleIndex) => {
    const conditions = rule !== null && typeof rule === 'object' ? (rule as { conditions?: unknown }).conditions : undefined;
    if (!Array.isArray(conditions)) return;
    let count = 0;
    let tooDeep = false;
    const walk = (condition: unknown, pointer: string, depth: number): void => {
      count += 1;
      if (condition === null || typeof condition !== 'object') return;
      const { type, value } = condition as { type?: unknown; value?: unknown };
      if (type !== 'any_of' && type !== 'not') return;
      if (depth >= CONDITION_DEPTH_LIMIT) {
        if (!tooDeep)
          problems.push({ pointer, detail: `any_of and not nest at most ${CONDITION_DEPTH_LIMIT} levels deep, conditions included: flatten this one` });
        tooDeep = true;
        return;
      }
      if (type === 'not') walk(value, `${pointer}/value`, depth + 1);
      else if (Array.isArray(value)) value.forEach((branch, index) => walk(branch, `${pointer}/value/${index}`, depth + 1));
    };
    conditions.forEach((condition, index) => walk(condition, `/rules/${ruleIndex}/conditions/${index}`, 1));
    if (count > CONDITIONS_PER_RULE_LIMIT) {
      problems.push({
        pointer: `/rules/${ruleIndex}/conditions`,
        detail: `a rule holds at most ${CONDITIONS_PER_RULE_LIMIT} conditions, those inside any_of and not included; this one holds ${count}`,
      });
    }
  });
  return problems;
}

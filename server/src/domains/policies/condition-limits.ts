import { conditionLimitProblems } from '../../../../core/src/index.js';
import { ApiError } from '../../errors/api-error.js';

/**
 * Refuses rules whose conditions nest deeper, or hold more, than the policy language allows
 * (core's conditionLimitProblems: what JSON Schema cannot bound), with the same 400 and pointers
 * as a schema error. `at` is the pointer of the policy in the body ('' for a policy body).
 */
export function refuseConditionsOverLimits(policies: ReadonlyArray<{ at: string; rules: unknown }>): void {
  const errors = policies.flatMap(({ at, rules }) =>
    conditionLimitProblems(rules).map(({ pointer, detail }) => ({ pointer: `${at}${pointer}`, in: 'body' as const, detail })),
  );
  if (errors.length > 0) throw new ApiError('validation_failed', `Invalid body: ${errors.map((e) => `${e.pointer} ${e.detail}`).join('; ')}`, { errors });
}

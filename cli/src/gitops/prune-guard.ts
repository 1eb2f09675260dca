import { CommandError } from '../../../kit/src/index.js';
import type { Plan } from './plan.js';

/** Deletes one apply makes without --force: a renamed folder or a bad glob should not empty a server. */
export const DEFAULT_MAX_DELETES = 10;

/**
 * Refuses a plan that deletes more than `maxDeletes` policies, or every policy the repository owns
 * (nothing of it left), unless forced. Pure, so the rule is tested apart from any server.
 */
export function checkDeletes(plan: Plan, options: { maxDeletes: number; force: boolean }): void {
  const { delete: deletes, create, update, unchanged } = plan.summary;
  if (deletes === 0 || options.force) return;
  if (deletes > options.maxDeletes) {
    throw new CommandError('usage_error', `The plan deletes ${deletes} policies, more than --max-deletes ${options.maxDeletes}; nothing was applied`, {
      suggestions: ['Check the folder and its acctl.yaml files globs', `If it is meant: --max-deletes ${deletes}, or --force`],
    });
  }
  if (create + update + unchanged === 0) {
    throw new CommandError(
      'usage_error',
      `The plan deletes every policy owned by ${plan.owner ?? 'this repository'} (${deletes}) and keeps none; nothing was applied`,
      {
        suggestions: ['If it is meant: --force'],
      },
    );
  }
}

import { ACCESS_ANALYSIS_HORIZON_DAYS, compareAccess } from '../../../core/src/index.js';
import type { AccessExample, AccessVerdict, CliPolicyAccess, CliPolicyAccessExample, EnginePolicy } from '../../../core/src/index.js';
import { locate } from '../policy-files/impact.js';
import type { PolicyFile } from '../policy-files/policy-checks.js';

/**
 * The access block of `acctl policy plan` and `acctl policy diff FOLDER FOLDER`: core's
 * compareAccess over the two whole active sets, each example placed where its rule is written.
 * Pure: the commands read the sets (the server's, a folder's), this decides and places.
 */
export type PolicyAccess = CliPolicyAccess;
export type PolicyAccessExample = CliPolicyAccessExample;

/** The policy files of each side, by policy name: where a responsible rule is looked for. */
export interface AccessSources {
  before: readonly PolicyFile[];
  after: readonly PolicyFile[];
}

export function accessChange(before: readonly EnginePolicy[], after: readonly EnginePolicy[], sources: AccessSources, now: Date): PolicyAccess {
  const files = {
    before: new Map(sources.before.map((entry) => [entry.policy.name, entry])),
    after: new Map(sources.after.map((entry) => [entry.policy.name, entry])),
  };
  let change: { widens: AccessVerdict; narrows: AccessVerdict };
  try {
    change = compareAccess(before, after, { now });
  } catch (error) {
    // Never a "no" the analysis did not prove: a failure is unknown, which --fail-on-widen stops on.
    const failed: AccessVerdict = { status: 'unknown', reason: `the analysis failed (${(error as Error).message}); please report it` };
    change = { widens: failed, narrows: failed };
  }
  const place = (direction: 'widens' | 'narrows', example: AccessExample): PolicyAccessExample => {
    const { file, line, col } = ruleLocation(example, files);
    return { direction, ...example, request: example.request as PolicyAccessExample['request'], file, line, col };
  };
  const examples = (direction: 'widens' | 'narrows') => {
    const verdict = change[direction];
    return verdict.status === 'yes' ? verdict.examples.map((example) => place(direction, example)) : [];
  };
  return {
    widens: verdictValue(change.widens),
    narrows: verdictValue(change.narrows),
    ...(change.widens.status === 'unknown' ? { widens_reason: change.widens.reason } : {}),
    ...(change.narrows.status === 'unknown' ? { narrows_reason: change.narrows.reason } : {}),
    horizon: { from: now.toISOString(), days: ACCESS_ANALYSIS_HORIZON_DAYS },
    examples: [...examples('widens'), ...examples('narrows')],
  };
}

/** The access block when the sets could not be read: unknown both ways, never a "no" (--fail-on-widen stops on it). */
export function accessUnknown(reason: string, now: Date): PolicyAccess {
  return {
    widens: 'unknown',
    narrows: 'unknown',
    widens_reason: reason,
    narrows_reason: reason,
    horizon: { from: now.toISOString(), days: ACCESS_ANALYSIS_HORIZON_DAYS },
    examples: [],
  };
}

function verdictValue(verdict: AccessVerdict): PolicyAccess['widens'] {
  return verdict.status === 'unknown' ? 'unknown' : verdict.status === 'yes';
}

/**
 * The rule's line in the file of its side; a rule of the side before that no file of that side
 * holds (the server's) is gone or changed, so the policy's name in its file after stands for it
 * (as impact places a removed rule); a policy no file holds (deleted) has no place.
 */
function ruleLocation(
  example: AccessExample,
  files: { before: ReadonlyMap<string, PolicyFile>; after: ReadonlyMap<string, PolicyFile> },
): { file: string | null; line: number | null; col: number | null } {
  const own = files[example.rule_in];
  if (own.has(example.policy)) return locate(own, example.policy, example.rule_index);
  if (example.rule_in === 'before' && files.after.has(example.policy)) return locate(files.after, example.policy, null);
  return { file: null, line: null, col: null };
}

/** Whether --fail-on-widen stops: a widening, or one that could not be ruled out. */
export function mayWiden(access: PolicyAccess): boolean {
  return access.widens !== false;
}

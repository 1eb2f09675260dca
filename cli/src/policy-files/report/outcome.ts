import type { Finding } from '../findings.js';
import type { Direction, Flip, ImpactRun, PlannedPolicies, RuleLocation } from '../impact.js';
import type { LintReport } from '../lint.js';
import type { TestRun } from '../test-runner.js';

/** What `acctl policy lint` reports, in every format. */
export interface LintOutcome {
  report: LintReport;
  strict: boolean;
  /** Lint fails: errors, or warnings with --strict. */
  failed: boolean;
}

/** What `acctl policy test` reports, in every format. */
export interface TestOutcome {
  /** Undefined when files with errors stopped the run (see blocking). */
  run: TestRun | undefined;
  blocking: Finding[];
  /** --min-coverage, when given. */
  minCoverage: number | undefined;
  coverageMet: boolean;
  failed: boolean;
}

/** What `acctl policy impact` reports, in every format. */
export interface ImpactOutcome {
  run: ImpactRun;
  /** The period asked for (ISO 8601). */
  since: string;
  until: string;
  /** --limit, and whether it cut the period short (only the newest decisions were replayed). */
  limit: number;
  truncated: boolean;
  /** The oldest decision replayed, when any. */
  oldest: string | null;
  changes: PlannedPolicies['changes'];
  /** Flips: the gate stops. */
  flagged: boolean;
}

/** The colours of human output; a chalk instance fits, and plain output passes the text through. */
export interface Paint {
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const same = (text: string): string => text;
export const noPaint: Paint = { red: same, yellow: same, green: same, dim: same, bold: same };

export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

/** "2 errors, 1 warning" or "no problems". */
export function countsText(errors: number, warnings: number): string {
  if (errors === 0 && warnings === 0) return 'no problems';
  return [errors > 0 ? plural(errors, 'error') : '', warnings > 0 ? plural(warnings, 'warning') : ''].filter(Boolean).join(', ');
}

export const directionText: Record<Direction, string> = { deny_to_allow: 'deny → allow', allow_to_deny: 'allow → deny' };

/** `prod-read rule 2 (policies/prod-read.yaml:14)`, or the policy alone when no rule is to blame. */
export function causeText(cause: RuleLocation): string {
  const rule = cause.rule_index === null ? cause.policy || '(no rule)' : `${cause.policy} rule ${cause.rule_index}`;
  return cause.file === null ? rule : `${rule} (${cause.file}:${cause.line})`;
}

/** The one-sentence result every format leads or ends with. */
export function impactSummary(outcome: ImpactOutcome): string {
  const { run } = outcome;
  const toAllow = run.flips.filter((flip: Flip) => flip.direction === 'deny_to_allow').length;
  const toDeny = run.flips.length - toAllow;
  const period = `${outcome.since.slice(0, 16).replace('T', ' ')} to ${outcome.until.slice(0, 16).replace('T', ' ')} UTC`;
  const flips =
    run.flips.length === 0 ? 'no decision would flip' : `${plural(run.flips.length, 'decision')} would flip: ${toAllow} deny → allow, ${toDeny} allow → deny`;
  const cap = outcome.truncated ? ` (only the newest ${outcome.limit}, from ${outcome.oldest}: raise --limit to replay more)` : '';
  return `${plural(run.replayed, 'recorded decision')} replayed from ${period}${cap}; ${flips}`;
}

/** `2 changed (a, b), 1 added (c)`: what applying the plan does to the enforced set. */
export function changesText(changes: PlannedPolicies['changes']): string {
  const parts = (
    [
      ['changed', changes.changed],
      ['added', changes.added],
      ['deactivated', changes.deactivated],
      ['deleted', changes.deleted],
      ['unchanged', changes.unchanged],
      ['not active', changes.inactive],
    ] as const
  )
    .filter(([, names]) => names.length > 0)
    .map(([label, names]) => `${names.length} ${label} (${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''})`);
  return parts.length === 0 ? 'no local policies' : parts.join(', ');
}

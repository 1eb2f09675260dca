import type { Finding } from '../findings.js';
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

import { appendFileSync } from 'node:fs';
import { UsageError } from '../errors.js';
import type { PolicyReportFormat } from '../flags/policy-report-format.js';
import type { Paint } from './report/outcome.js';
import type { PolicyFileSet } from './workspace.js';
import { style } from '../ux/style.js';

/**
 * What the policy commands share around the pure modules: reading the paths they were given and
 * writing a report in the chosen format. Imported at the top of the command files, so it imports
 * nothing heavy itself; the YAML parser, Ajv and the engine load when a command runs.
 */

/** The report in each format; only the chosen one is rendered. */
export interface ReportRenderers {
  human(paint: Paint): string;
  json(): unknown;
  github(): string;
  junit(): string;
  markdown(): string;
}

/** The files the paths stand for; a path that does not exist, or paths with no file in them, are usage errors. */
export async function loadPolicyFileSet(paths: readonly string[], cwd = process.cwd()): Promise<PolicyFileSet> {
  const { collectPolicyFiles } = await import('./workspace.js');
  const set = collectPolicyFiles(paths, cwd);
  if (set.missing.length > 0) throw new UsageError(`No such file or folder: ${set.missing.join(', ')}`);
  if (set.selected.length === 0) {
    throw new UsageError(`No policy files (.yaml, .yml) in ${paths.length > 0 ? paths.join(', ') : 'the current folder'}`, [
      'Pass the folder of your policies, e.g. acctl policy lint policies/',
      'or list them in acctl.yaml under files:',
    ]);
  }
  return set;
}

/**
 * Prints the report on stdout (nothing with --json: the command's result is printed instead). With
 * the github format, the markdown report is also appended to $GITHUB_STEP_SUMMARY when the runner
 * sets it, which shows it on the job's summary page.
 */
export function writeReport(log: (text: string) => void, format: string, renderers: ReportRenderers): void {
  const print = (text: string): void => log(text.replace(/\n$/, ''));
  switch (format as PolicyReportFormat) {
    case 'json':
      print(JSON.stringify(renderers.json(), null, 2));
      break;
    case 'github': {
      print(renderers.github());
      const summaryFile = process.env.GITHUB_STEP_SUMMARY;
      if (summaryFile) appendFileSync(summaryFile, `${renderers.markdown()}\n`);
      break;
    }
    case 'junit':
      print(renderers.junit());
      break;
    case 'markdown':
      print(renderers.markdown());
      break;
    default:
      print(renderers.human(style));
  }
}

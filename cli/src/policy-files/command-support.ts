import { appendFileSync } from 'node:fs';
import { UsageError, jsonDocument, style } from '../../../kit/src/index.js';
import type { PolicyReportFormat } from '../flags/policy-report-format.js';
import type { Paint } from './report/outcome.js';
import type { CollectOptions, PolicyFileSet } from './workspace.js';
import type { SourceFile } from './source.js';
import type { FileKind } from './yaml-file.js';

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
  /** SARIF 2.1.0, for the commands that offer it (lint, test). */
  sarif?(): string;
}

/** How a file read from standard input is named in findings and reports (as eslint --stdin and gofmt name it). */
export const stdinPath = '<stdin>';

/**
 * The files the paths stand for; a path that does not exist, or paths with no file in them, are usage
 * errors. For the commands that pass `stdinKind` (lint, fmt, test), the path `-` is one file read
 * from standard input, of that kind (its name cannot tell), named `<stdin>`; it stands alone, and
 * sits in the policy folder of the working directory (where `acctl policy test -` finds the
 * policies its tests evaluate). Only with `policyFolder` are the other files of the policy folders
 * read (`all`). conftest and eslint take `-` so.
 */
export async function loadPolicyFileSet(
  paths: readonly string[],
  cwd = process.cwd(),
  stdinKind?: FileKind,
  options: CollectOptions = {},
): Promise<PolicyFileSet> {
  const { collectPolicyFiles } = await import('./workspace.js');
  if (stdinKind !== undefined && paths.includes('-')) {
    if (paths.length > 1) throw new UsageError('- (standard input) cannot be given with other paths', ['Pipe one file: cat policy.yaml | acctl policy lint -']);
    const [{ maxPolicyFileBytes, sourceOfInput }, { readStdinBounded }] = await Promise.all([import('./source.js'), import('../bounded-input.js')]);
    const source: SourceFile = { ...sourceOfInput(await readStdinBounded(maxPolicyFileBytes)), path: stdinPath, kind: stdinKind };
    // The folder's files matter only to tests (the policies they evaluate); lint checks the one file.
    const folder = options.policyFolder ? collectPolicyFiles([], cwd, options) : { all: [], roots: [] };
    return { selected: [source], all: [...folder.all, source], missing: [], roots: folder.roots };
  }
  const set = collectPolicyFiles(paths, cwd, options);
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
  switch (format as PolicyReportFormat | 'sarif') {
    case 'json':
      // The same document as --json prints.
      print(JSON.stringify(jsonDocument(renderers.json()), null, 2));
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
    case 'sarif':
      if (renderers.sarif === undefined) throw new UsageError('--format sarif is not offered by this command');
      print(renderers.sarif());
      break;
    default:
      print(renderers.human(style));
  }
}

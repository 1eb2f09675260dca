import { byLocation, countFindings, type Finding } from './findings.js';
import { catalogOf, loadFiles } from './load.js';
import { checkPolicies } from './policy-checks.js';
import type { SourceFile } from './source.js';
import { compileTestFile } from './test-suite.js';

export interface LintReport {
  /** Paths of the files linted. */
  files: string[];
  /** Sorted by file, line and column. */
  findings: Finding[];
  errors: number;
  warnings: number;
}

/**
 * Lints files together: YAML syntax, each file's schema (policies, test files, acctl.yaml), then the
 * checks across policies (duplicate names, rules that never take effect, empty time windows) and the
 * references of test files to the policies among the files.
 */
export function lintFiles(sources: readonly SourceFile[]): LintReport {
  return lintLoaded(loadFiles(sources), sources);
}

/** lintFiles for files already loaded (plan and apply go on with the policies they hold). */
export function lintLoaded(loaded: ReturnType<typeof loadFiles>, sources: readonly SourceFile[]): LintReport {
  const findings = [...loaded.findings, ...checkPolicies(loaded.parsed, loaded.policies)];
  const catalog = loaded.parsed.some((file) => file.kind === 'policy') ? catalogOf(loaded.parsed) : undefined;
  for (const test of loaded.tests) findings.push(...compileTestFile(test, catalog).findings);
  findings.sort(byLocation);
  return { files: sources.map((source) => source.path), findings, ...countFindings(findings) };
}

/** Whether lint fails: any error, or with --strict any warning. */
export function lintFails(report: Pick<LintReport, 'errors' | 'warnings'>, strict: boolean): boolean {
  return report.errors > 0 || (strict && report.warnings > 0);
}

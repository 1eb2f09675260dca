import { byLocation, type Finding } from './findings.js';
import { catalogOf, loadFiles } from './load.js';
import { duplicateNames, type PolicyFile } from './policy-checks.js';
import type { SourceFile } from './source.js';
import { compileTestFile, type TestCase } from './test-suite.js';

export interface PreparedTests {
  cases: TestCase[];
  policies: PolicyFile[];
  /** Number of test files selected. */
  testFiles: number;
  /**
   * Errors that make a run meaningless, so none is made: invalid YAML or schema in a policy, a selected
   * test file or acctl.yaml, a policy name used twice, a test naming what does not exist.
   */
  blocking: Finding[];
}

/**
 * The test cases of the selected test files, with the policies of their folders (`folder`: every file
 * of the policy folders, where the policies are found).
 */
export function prepareTests(folder: readonly SourceFile[], selected: readonly SourceFile[]): PreparedTests {
  const selectedPaths = new Set(selected.map((source) => source.path));
  const sources = [...folder, ...selected.filter((source) => !folder.some((other) => other.path === source.path))];
  const loaded = loadFiles(sources);
  const isRelevant = (finding: Finding): boolean => {
    const file = loaded.parsed.find((parsed) => parsed.path === finding.file);
    return file !== undefined && (file.kind !== 'test' || selectedPaths.has(file.path));
  };
  const blocking = [...loaded.findings.filter((finding) => finding.severity === 'error' && isRelevant(finding)), ...duplicateNames(loaded.parsed)];
  const catalog = catalogOf(loaded.parsed);
  const cases: TestCase[] = [];
  const tests = loaded.tests.filter((test) => selectedPaths.has(test.file.path));
  for (const test of tests) {
    const compiled = compileTestFile(test, catalog);
    cases.push(...compiled.cases);
    blocking.push(...compiled.findings.filter((finding) => finding.severity === 'error'));
  }
  const testFiles = loaded.parsed.filter((file) => file.kind === 'test' && selectedPaths.has(file.path)).length;
  return { cases, policies: loaded.policies, testFiles, blocking: blocking.sort(byLocation) };
}

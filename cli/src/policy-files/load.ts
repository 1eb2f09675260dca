import type { PolicyCreateRequest, PolicyTestFile } from '../../../core/src/index.js';
import type { Finding } from './findings.js';
import type { PolicyFile } from './policy-checks.js';
import { checkSchema } from './schema-check.js';
import type { SourceFile } from './source.js';
import type { PolicyCatalog, TestFile } from './test-suite.js';
import { parseYamlFile, type ParsedFile } from './yaml-file.js';

/** Files read and checked against their schemas, sorted by kind: what lint and test build on. */
export interface LoadedFiles {
  parsed: ParsedFile[];
  /** Policy files that are valid YAML and valid policies (an unknown time zone aside). */
  policies: PolicyFile[];
  /** Test files that are valid YAML and valid test files. */
  tests: TestFile[];
  /** YAML and schema findings of every file. */
  findings: Finding[];
}

export function loadFiles(sources: readonly SourceFile[]): LoadedFiles {
  const loaded: LoadedFiles = { parsed: [], policies: [], tests: [], findings: [] };
  for (const source of sources) {
    const file = parseYamlFile(source);
    loaded.parsed.push(file);
    const schemaFindings = checkSchema(file);
    loaded.findings.push(...file.findings, ...schemaFindings);
    // An unknown time zone leaves the policy's shape intact, so the checks across policies still run on it.
    if (!file.ok || schemaFindings.some((finding) => finding.rule !== 'unknown-time-zone')) continue;
    if (file.kind === 'policy') loaded.policies.push({ file, policy: file.value as PolicyCreateRequest });
    else if (file.kind === 'test') loaded.tests.push({ file, suite: file.value as PolicyTestFile });
  }
  return loaded;
}

/**
 * The policies test files may name, by name, with their number of rules: every policy file with a
 * name, valid or not (an invalid policy is reported once, in its own file, not again in every test).
 */
export function catalogOf(files: readonly ParsedFile[]): PolicyCatalog {
  const ruleCounts = new Map<string, number>();
  for (const file of files) {
    if (file.kind !== 'policy' || !file.ok) continue;
    const { name, rules } = (file.value ?? {}) as { name?: unknown; rules?: unknown };
    if (typeof name === 'string' && !ruleCounts.has(name)) ruleCounts.set(name, Array.isArray(rules) ? rules.length : Number.POSITIVE_INFINITY);
  }
  return { ruleCounts };
}

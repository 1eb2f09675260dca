import { compilePolicySet, evaluate, type CompiledPolicySet } from '../../../core/src/index.js';
import { CoverageRecorder, type CoverageReport } from './coverage.js';
import type { PolicyFile } from './policy-checks.js';
import type { Decision, RuleRef, TestCase } from './test-suite.js';

/** The outcome of one check (one principal, resource and action) of a test. */
export interface CheckResult {
  principal: string;
  resource: string;
  action: string;
  expected: Decision;
  decision: Decision;
  passed: boolean;
  /** The rules that applied, by policy name and index. */
  matched: RuleRef[];
  /** The engine's sentence for the decision, and why rules for the resource did not apply. */
  explanation: string;
  reasons: string[];
  /** What differed from the test's expectation, when the check failed. */
  failure?: string;
}

export interface TestCaseResult {
  file: string;
  line: number;
  col: number;
  suite: string;
  name: string;
  passed: boolean;
  checks: CheckResult[];
}

export interface TestRun {
  results: TestCaseResult[];
  summary: { files: number; tests: number; passed: number; failed: number; checks: number };
  coverage: CoverageReport;
}

export interface RunOptions {
  /** Keep the cases whose suite or test name contains this (case ignored). */
  filter?: string | undefined;
  /**
   * Which policies coverage counts. `evaluated` (a folder's run): every policy the cases that ran
   * evaluated. `tested` (test files named one by one): the policies those files are about, the ones
   * they name (`policies:`, `matched:`) and the ones a check matched; a file that tests one policy
   * against the folder's active set is not charged with the rules of all the others, as `go test
   * ./pkg` reports the coverage of the package tested, not of its imports.
   */
  coverage?: 'evaluated' | 'tested';
}

/**
 * Runs test cases offline with the server's engine (compilePolicySet + evaluate, as decisions do):
 * a case evaluates the policies its file names, whatever their status, or else the active ones.
 */
export function runTests(cases: readonly TestCase[], policies: readonly PolicyFile[], options: RunOptions = {}): TestRun {
  const filter = options.filter?.toLowerCase();
  const selected = filter === undefined ? cases : cases.filter((test) => `${test.suite} ${test.name}`.toLowerCase().includes(filter));
  const byName = new Map<string, PolicyFile>();
  for (const entry of policies) if (!byName.has(entry.policy.name)) byName.set(entry.policy.name, entry);
  const active = [...byName.values()].filter((entry) => entry.policy.status === 'active');
  const compiled = new Map<string, { entries: PolicyFile[]; set: CompiledPolicySet }>();
  const policySetOf = (names: string[] | undefined): { entries: PolicyFile[]; set: CompiledPolicySet } => {
    const key = names === undefined ? '' : JSON.stringify(names);
    let found = compiled.get(key);
    if (found === undefined) {
      const entries = names === undefined ? active : names.flatMap((name) => byName.get(name) ?? []);
      const set = compilePolicySet(entries.map(({ policy }) => ({ id: policy.name, version: 1, name: policy.name, rules: policy.rules })));
      found = { entries, set };
      compiled.set(key, found);
    }
    return found;
  };

  const coverage = new CoverageRecorder();
  const tested = new Set<string>();
  const results = selected.map((test): TestCaseResult => {
    const { entries, set } = policySetOf(test.policies);
    const checks = test.checks.map((check): CheckResult => {
      const decision = evaluate(set, check.request, check.at);
      coverage.record(entries, check, decision);
      const matched = decision.matched_rules.map((rule) => ({ policy: rule.policy_name, rule: rule.rule_index }));
      for (const ref of matched) tested.add(ref.policy);
      const failure = failureOf(test, decision.decision, matched);
      return {
        principal: check.principal,
        resource: check.resource,
        action: check.action,
        expected: test.expect,
        decision: decision.decision,
        passed: failure === undefined,
        matched,
        explanation: decision.explanation,
        reasons: decision.reasons,
        ...(failure === undefined ? {} : { failure }),
      };
    });
    for (const name of [...(test.policies ?? []), ...(test.matched ?? []).map((ref) => ref.policy)]) tested.add(name);
    return { file: test.file, line: test.line, col: test.col, suite: test.suite, name: test.name, passed: checks.every((check) => check.passed), checks };
  });

  const failed = results.filter((result) => !result.passed).length;
  return {
    results,
    summary: {
      files: new Set(results.map((result) => result.file)).size,
      tests: results.length,
      passed: results.length - failed,
      failed,
      checks: results.reduce((sum, result) => sum + result.checks.length, 0),
    },
    coverage: coverage.report(options.coverage === 'tested' ? tested : undefined),
  };
}

function failureOf(test: TestCase, decision: Decision, matched: RuleRef[]): string | undefined {
  if (decision !== test.expect) return `expected ${test.expect}, got ${decision}`;
  if (test.matched === undefined) return undefined;
  const expected = test.matched.map(ruleName).sort();
  const actual = matched.map(ruleName).sort();
  if (expected.length === actual.length && expected.every((name, index) => name === actual[index])) return undefined;
  return `expected matched rules [${expected.join(', ')}], got [${actual.join(', ')}]`;
}

function ruleName(ref: RuleRef): string {
  return `${ref.policy}#${ref.rule}`;
}

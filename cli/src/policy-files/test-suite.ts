import type { EngineContext, EngineRequest } from '../../../core/src/index.js';
import type { PolicyTestFile } from '../../../core/src/index.js';
import { findingAt, type Finding } from './findings.js';
import { positionOf } from './source.js';
import { didYouMean, nearestName } from '../../../kit/src/index.js';
import { spanAt, type DocumentPath, type ParsedFile } from './yaml-file.js';

/** A test file that parsed and matches schemas/policy-test.json. */
export interface TestFile {
  file: ParsedFile;
  suite: PolicyTestFile;
}

/** One request a test makes: a principal, a resource and an action, at the test's time. */
export interface TestCheck {
  principal: string;
  resource: string;
  action: string;
  request: EngineRequest;
  at: Date;
}

export type Decision = 'allow' | 'deny';

/** A rule by policy name and zero-based index, as tests name rules. */
export interface RuleRef {
  policy: string;
  rule: number;
}

/** One test of a test file, ready to run. */
export interface TestCase {
  file: string;
  line: number;
  col: number;
  suite: string;
  name: string;
  /** Policies named by the file (any status), or undefined for the active policies of the folder. */
  policies: string[] | undefined;
  checks: TestCheck[];
  expect: Decision;
  matched: RuleRef[] | undefined;
}

/** What the references of a test file are checked against: the policies of its folder. */
export interface PolicyCatalog {
  /** Number of rules by policy name. */
  ruleCounts: ReadonlyMap<string, number>;
}

/**
 * The cases of a test file, each test expanded into every combination of its principals, resources
 * and actions, with findings for names that do not resolve (a principal the file does not define, a
 * policy or rule that does not exist) and for tests without a time. Without a catalog, policy names
 * are not checked.
 */
export function compileTestFile({ file, suite }: TestFile, catalog?: PolicyCatalog): { cases: TestCase[]; findings: Finding[] } {
  const findings: Finding[] = [];
  const unknown = (path: DocumentPath, what: string, name: string, known: Iterable<string>): void => {
    const suggestion = nearestName(name, known);
    findings.push(findingAt(file, spanAt(file.doc, path), 'unknown-reference', `unknown ${what} \`${name}\`${didYouMean(suggestion)}`, { suggestion }));
  };
  const principals = suite.principals ?? {};
  const resources = suite.resources ?? {};
  const policyNames = catalog ? [...catalog.ruleCounts.keys()] : [];

  suite.policies?.forEach((name, index) => {
    if (catalog && !catalog.ruleCounts.has(name)) unknown(['policies', index], 'policy', name, policyNames);
  });

  const cases: TestCase[] = [];
  suite.tests.forEach((test, testIndex) => {
    const testPath = ['tests', testIndex];
    const before = findings.length;
    test.principals.forEach((name, index) => {
      if (!Object.hasOwn(principals, name)) unknown([...testPath, 'principals', index], 'principal', name, Object.keys(principals));
    });
    test.resources.forEach((name, index) => {
      if (!Object.hasOwn(resources, name)) unknown([...testPath, 'resources', index], 'resource', name, Object.keys(resources));
    });
    test.matched?.forEach((ref, index) => {
      if (!catalog) return;
      const ruleCount = catalog.ruleCounts.get(ref.policy);
      if (ruleCount === undefined) unknown([...testPath, 'matched', index, 'policy'], 'policy', ref.policy, policyNames);
      else if (ref.rule >= ruleCount) {
        findings.push(
          findingAt(
            file,
            spanAt(file.doc, [...testPath, 'matched', index, 'rule']),
            'unknown-reference',
            `policy \`${ref.policy}\` has ${ruleCount} rule(s): rule ${ref.rule} does not exist (indexes start at 0)`,
          ),
        );
      }
    });
    const time = test.at ?? suite.at;
    if (time === undefined) {
      findings.push(
        findingAt(file, spanAt(file.doc, [...testPath, 'name']), 'missing-time', `test \`${test.name}\` has no time: set \`at\` on it or on the file`),
      );
    }
    if (findings.length > before || time === undefined) return;

    const at = new Date(time);
    const context: EngineContext = { ...suite.context, ...test.context };
    const checks: TestCheck[] = [];
    for (const principalName of test.principals) {
      const principal = principals[principalName]!;
      for (const resourceName of test.resources) {
        const resource = resources[resourceName]!;
        for (const action of test.actions) {
          checks.push({
            principal: principalName,
            resource: resourceName,
            action,
            at,
            request: { principal: { ...principal, attributes: { ...principal.attributes } }, resource: { ...resource }, action, context: { ...context } },
          });
        }
      }
    }
    const { line, col } = positionOf(file.lineCounter, spanAt(file.doc, testPath)[0]);
    cases.push({
      file: file.path,
      line,
      col,
      suite: suite.name,
      name: test.name,
      policies: suite.policies,
      checks,
      expect: test.expect,
      matched: test.matched?.map(({ policy, rule }) => ({ policy, rule })),
    });
  });
  return { cases, findings };
}

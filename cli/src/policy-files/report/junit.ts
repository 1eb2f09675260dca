import { locationOf, type Finding } from '../findings.js';
import { ratioText } from './human.js';
import { groupFlips } from '../impact.js';
import { flipLine } from './github.js';
import { causeText, countsText, directionText, impactSummary, plural, type ImpactOutcome, type LintOutcome, type TestOutcome } from './outcome.js';

/**
 * JUnit XML, the report format CI systems (GitLab, Jenkins, Azure, GitHub test reporters) read:
 * <testsuites><testsuite><testcase><failure message="...">details</failure></testcase>.
 */

/** Text safe in XML content and attribute values; characters XML 1.0 forbids are dropped. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

export interface JunitCase {
  name: string;
  classname: string;
  file?: string;
  line?: number;
  failure?: { message: string; type: string; body: string };
  error?: { message: string; type: string; body: string };
  systemOut?: string;
}

export interface JunitSuite {
  name: string;
  file?: string;
  cases: JunitCase[];
}

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${xmlEscape(String(value))}"`)
    .join('');
}

export function renderJunit(name: string, suites: readonly JunitSuite[]): string {
  const count = (list: readonly JunitCase[], what: 'failure' | 'error'): number => list.filter((test) => test[what] !== undefined).length;
  const all = suites.flatMap((suite) => suite.cases);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name, tests: all.length, failures: count(all, 'failure'), errors: count(all, 'error') })}>`,
  ];
  for (const suite of suites) {
    lines.push(
      `  <testsuite${attributes({ name: suite.name, tests: suite.cases.length, failures: count(suite.cases, 'failure'), errors: count(suite.cases, 'error'), skipped: 0, file: suite.file })}>`,
    );
    for (const test of suite.cases) {
      const open = `    <testcase${attributes({ name: test.name, classname: test.classname, file: test.file, line: test.line })}`;
      const children: string[] = [];
      for (const kind of ['failure', 'error'] as const) {
        const problem = test[kind];
        if (problem) children.push(`      <${kind}${attributes({ message: problem.message, type: problem.type })}>${xmlEscape(problem.body)}</${kind}>`);
      }
      if (test.systemOut) children.push(`      <system-out>${xmlEscape(test.systemOut)}</system-out>`);
      lines.push(children.length === 0 ? `${open}/>` : `${open}>`, ...children, ...(children.length === 0 ? [] : ['    </testcase>']));
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

function findingBody(finding: Finding): string {
  return `${locationOf(finding)} ${finding.severity} ${finding.message} (${finding.rule})\n${finding.excerpt}`;
}

/** One test case per file linted; a file with errors (or, with --strict, warnings) fails. */
export function lintJunit({ report, strict }: LintOutcome): string {
  const cases = report.files.map((file): JunitCase => {
    const findings = report.findings.filter((finding) => finding.file === file);
    const failing = findings.filter((finding) => finding.severity === 'error' || strict);
    const other = findings.filter((finding) => !failing.includes(finding));
    const errors = failing.filter((finding) => finding.severity === 'error').length;
    return {
      name: file,
      classname: 'acctl policy lint',
      file,
      ...(failing.length > 0
        ? {
            failure: {
              message: `${countsText(errors, failing.length - errors)}: ${failing[0]!.message}`,
              type: failing[0]!.rule,
              body: failing.map(findingBody).join('\n\n'),
            },
          }
        : {}),
      ...(other.length > 0 ? { systemOut: other.map(findingBody).join('\n\n') } : {}),
    };
  });
  return renderJunit('acctl policy lint', [{ name: 'acctl policy lint', cases }]);
}

/** One suite per test file, one case per test; files that stopped the run and unmet coverage are cases too. */
export function testJunit(outcome: TestOutcome): string {
  const suites: JunitSuite[] = [];
  if (outcome.blocking.length > 0) {
    const files = [...new Set(outcome.blocking.map((finding) => finding.file))];
    suites.push({
      name: 'acctl policy test: files with errors',
      cases: files.map((file) => {
        const findings = outcome.blocking.filter((finding) => finding.file === file);
        return {
          name: file,
          classname: 'acctl policy test',
          file,
          error: { message: findings[0]!.message, type: findings[0]!.rule, body: findings.map(findingBody).join('\n\n') },
        };
      }),
    });
  }
  const run = outcome.run;
  if (run) {
    for (const file of [...new Set(run.results.map((result) => result.file))]) {
      const results = run.results.filter((result) => result.file === file);
      suites.push({
        name: results[0]!.suite,
        file,
        cases: results.map((result): JunitCase => {
          const failures = result.checks.filter((check) => !check.passed);
          const body = failures
            .map((check) =>
              [
                `${check.principal} × ${check.resource} × ${check.action}: ${check.failure}`,
                `  ${check.explanation}`,
                ...check.reasons.map((reason) => `  ${reason}`),
              ].join('\n'),
            )
            .join('\n\n');
          return {
            name: result.name,
            classname: result.suite,
            file,
            line: result.line,
            ...(failures.length > 0
              ? { failure: { message: `${failures.length} of ${result.checks.length} checks failed: ${failures[0]!.failure}`, type: 'policy-test', body } }
              : {}),
          };
        }),
      });
    }
    if (outcome.minCoverage !== undefined) {
      const text = `rules ${ratioText(run.coverage.rules)}, condition outcomes ${ratioText(run.coverage.conditions)}`;
      suites.push({
        name: 'coverage',
        cases: [
          {
            name: `at least ${outcome.minCoverage}% of rules and condition outcomes`,
            classname: 'acctl policy test',
            ...(outcome.coverageMet
              ? {}
              : {
                  failure: {
                    message: `coverage below ${outcome.minCoverage}%: ${text}`,
                    type: 'coverage',
                    body: run.coverage.uncovered.map((item) => `${item.file}:${item.line}:${item.col} ${item.message}`).join('\n'),
                  },
                }),
          },
        ],
      });
    }
  }
  return renderJunit('acctl policy test', suites);
}

/** Flips written out in one JUnit failure; the rest are counted. */
const FLIPS_PER_CASE = 200;

/** One failing case per rule that flips decisions (deny → allow first), and one passing case for the rest. */
export function impactJunit(outcome: ImpactOutcome): string {
  const cases: JunitCase[] = groupFlips(outcome.run.flips).map((group) => {
    const listed = group.flips.slice(0, FLIPS_PER_CASE).map(flipLine);
    if (group.flips.length > listed.length) listed.push(`…and ${group.flips.length - listed.length} more`);
    return {
      name: `${directionText[group.direction]}: ${causeText(group.cause)}`,
      classname: 'acctl policy impact',
      ...(group.cause.file === null ? {} : { file: group.cause.file }),
      ...(group.cause.line === null ? {} : { line: group.cause.line }),
      failure: {
        message: `${plural(group.flips.length, 'recorded decision')} would flip ${directionText[group.direction]}`,
        type: group.direction,
        body: listed.join('\n'),
      },
    };
  });
  const unchanged = outcome.run.replayed - outcome.run.flips.length;
  cases.push({ name: `${plural(unchanged, 'recorded decision')} unchanged`, classname: 'acctl policy impact', systemOut: impactSummary(outcome) });
  return renderJunit('acctl policy impact', [{ name: 'acctl policy impact', cases }]);
}

import { expect } from 'chai';
import { lintFiles } from '../../cli/src/policy-files/lint.js';
import { annotation, lintGithub, testGithub } from '../../cli/src/policy-files/report/github.js';
import { lintHuman, testHuman } from '../../cli/src/policy-files/report/human.js';
import { lintJson, testJson } from '../../cli/src/policy-files/report/json.js';
import { lintJunit, testJunit, xmlEscape } from '../../cli/src/policy-files/report/junit.js';
import { commentMarker, lintMarkdown, MARKDOWN_LIMIT, testMarkdown } from '../../cli/src/policy-files/report/markdown.js';
import { planMarkdown } from '../../cli/src/gitops/plan-report.js';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { noPaint, type LintOutcome, type TestOutcome } from '../../cli/src/policy-files/report/outcome.js';
import { meetsMinimum } from '../../cli/src/policy-files/coverage.js';
import { prepareTests } from '../../cli/src/policy-files/prepare-tests.js';
import { testSarif } from '../../cli/src/policy-files/report/sarif.js';
import { runTests } from '../../cli/src/policy-files/test-runner.js';
import { parseXml, type XmlElement } from './support/xml.js';

const typo = 'name: db\nrules:\n  - effect: allow\n    principals: {type: USER}\n    resources: {type: database, identifiers: [x]}\n    acitons: [read]\n';
const duplicateRule =
  'name: dup\nrules:\n  - {effect: deny, principals: {type: USER}, resources: {type: api, identifiers: [x]}, actions: [read]}\n  - {effect: deny, principals: {type: USER}, resources: {type: api, identifiers: [x]}, actions: [read]}\n';

function lintOutcome(files: Record<string, string>, strict = false): LintOutcome {
  const report = lintFiles(Object.entries(files).map(([path, text]) => ({ path, text })));
  return { report, strict, failed: report.errors > 0 || (strict && report.warnings > 0) };
}

function testOutcome(expect: 'allow' | 'deny', minCoverage?: number): TestOutcome {
  const files = [
    {
      path: 'db.yaml',
      text: 'name: db\nstatus: active\nrules:\n  - {effect: allow, principals: {type: USER}, resources: {type: database, identifiers: [x]}, actions: [read]}\n',
    },
    {
      path: 'db.test.yaml',
      text: `name: "db <&> tests"\nat: "2026-03-10T10:00:00Z"\nprincipals: {alice: {type: USER}}\nresources: {x: {type: database, identifier: x}}\ntests:\n  - {name: "alice reads & writes", principals: [alice], resources: [x], actions: [read], expect: ${expect}}\n`,
    },
  ];
  const prepared = prepareTests(files, files);
  const run = runTests(prepared.cases, prepared.policies);
  const coverageMet = minCoverage === undefined || run.coverage.rules.percent >= minCoverage;
  return { run, blocking: [], minCoverage, coverageMet, failed: run.summary.failed > 0 || !coverageMet };
}

/** A run whose one allow rule has an any_of whose second branch no check reaches true. */
function branchOutcome(): TestOutcome {
  const files = [
    {
      path: 'db.yaml',
      text: [
        'name: db',
        'status: active',
        'rules:',
        '  - effect: allow',
        '    principals: {type: USER}',
        '    resources: {type: database, identifiers: [x]}',
        '    actions: [read]',
        '    conditions:',
        '      - type: any_of',
        '        value:',
        '          - {type: mfa_verified, operator: equals, value: true}',
        '          - {type: device_trusted, operator: equals, value: true}',
        '',
      ].join('\n'),
    },
    {
      path: 'db.test.yaml',
      text: [
        'name: db',
        'at: "2026-03-10T10:00:00Z"',
        'principals: {alice: {type: USER}}',
        'resources: {x: {type: database, identifier: x}}',
        'tests:',
        '  - {name: with MFA, principals: [alice], resources: [x], actions: [read], context: {mfa_verified: true, device_trusted: false}, expect: allow}',
        '  - {name: without, principals: [alice], resources: [x], actions: [read], context: {mfa_verified: false, device_trusted: false}, expect: deny}',
        '',
      ].join('\n'),
    },
  ];
  const prepared = prepareTests(files, files);
  const run = runTests(prepared.cases, prepared.policies);
  const coverageMet = meetsMinimum(run.coverage, 100);
  return { run, blocking: [], minCoverage: 100, coverageMet, failed: !coverageMet };
}

const childrenNamed = (element: XmlElement, name: string): XmlElement[] => element.children.filter((child) => child.name === name);

describe('policy reports', () => {
  describe('github', () => {
    it('writes one workflow command per finding, with file, line, column and end', () => {
      const output = lintGithub(lintOutcome({ 'db.yaml': typo }));
      expect(output.split('\n')[0]).to.equal(
        '::error file=db.yaml,line=6,col=5,endLine=6,endColumn=12,title=acctl policy lint (unknown-field)::unknown field `acitons`; did you mean `actions`?',
      );
    });

    it('writes warnings as ::warning', () => {
      expect(lintGithub(lintOutcome({ 'dup.yaml': duplicateRule }))).to.match(/^::warning file=dup\.yaml,line=4,col=5,/);
    });

    it('escapes %, CR and LF in messages, and also : and , in properties', () => {
      expect(annotation('error', '50% done\r\nnext', { file: 'a,b:c.yaml', line: 1 })).to.equal('::error file=a%2Cb%3Ac.yaml,line=1::50%25 done%0D%0Anext');
    });

    it('annotates a failed test at its place in the test file', () => {
      const output = testGithub(testOutcome('deny'));
      expect(output).to.match(
        /^::error file=db\.test\.yaml,line=6,col=5,title=policy test failed%3A alice reads & writes::alice × x × read: expected deny, got allow%0AAllowed by rule 0 of policy db/m,
      );
    });
  });

  describe('junit', () => {
    it('writes well-formed XML with a failing test case for each file with errors', () => {
      const root = parseXml(lintJunit(lintOutcome({ 'db.yaml': typo, 'ok.yaml': 'name: ok\nrules: []\n' })));
      expect(root.name).to.equal('testsuites');
      expect(root.attributes).to.include({ tests: '2', failures: '1' });
      const [suite] = childrenNamed(root, 'testsuite');
      const cases = childrenNamed(suite!, 'testcase');
      expect(cases.map((test) => test.attributes.name)).to.deep.equal(['db.yaml', 'ok.yaml']);
      const [failure] = childrenNamed(cases[0]!, 'failure');
      expect(failure!.attributes.message).to.equal('1 error: unknown field `acitons`; did you mean `actions`?');
      expect(failure!.attributes.type).to.equal('unknown-field');
      expect(failure!.text).to.include('db.yaml:6:5 error');
      expect(failure!.text).to.include('6 |     acitons: [read]');
      expect(childrenNamed(cases[1]!, 'failure')).to.deep.equal([]);
    });

    it('fails a file for warnings only with --strict, and otherwise shows them as output', () => {
      const relaxed = parseXml(lintJunit(lintOutcome({ 'dup.yaml': duplicateRule })));
      const relaxedCase = childrenNamed(childrenNamed(relaxed, 'testsuite')[0]!, 'testcase')[0]!;
      expect(childrenNamed(relaxedCase, 'failure')).to.deep.equal([]);
      expect(childrenNamed(relaxedCase, 'system-out')[0]!.text).to.include('duplicate-rule');
      const strict = parseXml(lintJunit(lintOutcome({ 'dup.yaml': duplicateRule }, true)));
      expect(strict.attributes.failures).to.equal('1');
    });

    it('escapes markup and drops characters XML forbids', () => {
      expect(xmlEscape('a<b>&"c\'\u0001')).to.equal('a&lt;b&gt;&amp;&quot;c&apos;');
      const root = parseXml(testJunit(testOutcome('deny')));
      const suite = childrenNamed(root, 'testsuite')[0]!;
      expect(suite.attributes.name).to.equal('db <&> tests');
      const test = childrenNamed(suite, 'testcase')[0]!;
      expect(test.attributes).to.include({ name: 'alice reads & writes', classname: 'db <&> tests', file: 'db.test.yaml', line: '6' });
      expect(childrenNamed(test, 'failure')[0]!.text).to.include('Allowed by rule 0 of policy db');
    });

    it('adds a coverage test case when a minimum is set', () => {
      const root = parseXml(testJunit(testOutcome('allow', 100)));
      const coverage = childrenNamed(root, 'testsuite').find((suite) => suite.attributes.name === 'coverage');
      expect(childrenNamed(coverage!, 'testcase')[0]!.attributes.name).to.equal('at least 100% of rules and condition outcomes');
    });
  });

  describe('markdown', () => {
    it('puts the summary first and the findings in <details>', () => {
      const output = lintMarkdown(lintOutcome({ 'db.yaml': typo }));
      expect(output.split('\n')[0]).to.equal('### ❌ acctl policy lint: 1 error in 1 file');
      expect(output).to.include('| `db.yaml` | 1 | 0 |');
      expect(output).to.include('<details><summary>Findings (1)</summary>');
      expect(output).to.include('**`db.yaml:6:5`** error `unknown-field`');
    });

    it('stays under the 65,535 characters GitHub allows, and says how many findings it left out', () => {
      const files = Object.fromEntries(Array.from({ length: 800 }, (_, index) => [`policy-${index}.yaml`, typo]));
      const output = lintMarkdown(lintOutcome(files));
      expect(output.length).to.be.lessThan(MARKDOWN_LIMIT);
      expect(output).to.match(/…and \d+ more not shown here/);
      expect(output).to.include('</details>');
    });
  });

  describe('pull-request comment marker', () => {
    const plan = (owner: string | null, server: string): Plan => ({
      format: 1,
      server,
      owner,
      prune: false,
      created_at: '2026-03-10T10:00:00.000Z',
      changes: [],
      summary: { create: 0, update: 0, delete: 0, unchanged: 0, drifted: 0, orphaned: 0, blocked: 0 },
    });

    it('ends each markdown report with a hidden marker line naming the report, the summary still first', () => {
      const lint = lintMarkdown(lintOutcome({ 'db.yaml': typo }));
      expect(lint.split('\n')[0]).to.match(/^### /);
      expect(lint.trimEnd().split('\n').at(-1)).to.equal('<!-- acctl:lint -->');
      expect(testMarkdown(testOutcome('deny')).trimEnd().split('\n').at(-1)).to.equal('<!-- acctl:test -->');
      const planned = planMarkdown(plan('platform-security', 'https://acctl.example.com/v1'));
      expect(planned).to.match(/^### ✅ acctl policy plan\n/);
      expect(planned.trimEnd().split('\n').at(-1)).to.equal('<!-- acctl:plan owner=platform-security server=https%3A%2F%2Facctl.example.com%2Fv1 -->');
    });

    it("tells apart the plans of two folders or two servers, so one job's re-run never edits the other's comment", () => {
      const markers = [
        plan('team-a', 'https://a.example'),
        plan('team-b', 'https://a.example'),
        plan('team-a', 'https://b.example'),
        plan(null, 'https://a.example'),
      ].map((each) => planMarkdown(each).trimEnd().split('\n').at(-1)!);
      expect(new Set(markers).size).to.equal(4);
      for (const marker of markers) for (const other of markers) if (other !== marker) expect(other.includes(marker)).to.equal(false);
    });

    it('cannot be closed or broken by what a value holds', () => {
      expect(commentMarker('plan', { owner: 'x --> <b>hi</b> --' })).to.equal('<!-- acctl:plan owner=x%20%2D-%3E%20%3Cb%3Ehi%3C%2Fb%3E%20%2D- -->');
    });
  });

  describe('json and human', () => {
    it('gives findings in snake_case with their excerpt', () => {
      const json = lintJson(lintOutcome({ 'db.yaml': typo }));
      expect(json.ok).to.equal(false);
      expect(json.summary).to.deep.equal({ files: 1, errors: 1, warnings: 0 });
      expect(json.findings[0]).to.deep.include({
        file: 'db.yaml',
        line: 6,
        col: 5,
        end_line: 6,
        end_col: 12,
        severity: 'error',
        rule: 'unknown-field',
        suggestion: 'actions',
      });
    });

    it('gives test results and coverage', () => {
      const json = testJson(testOutcome('allow', 100));
      expect(json).to.deep.include({ ok: true, summary: { files: 1, tests: 1, passed: 1, failed: 0, checks: 1 } });
      expect(json.coverage).to.deep.include({ min_coverage: 100, met: true, rules: { covered: 1, total: 1, percent: 100 } });
    });

    it('names an uncovered branch of an any_of by its path and JSON Pointer, at its own line, in every format', () => {
      const outcome = branchOutcome();
      const message = 'condition 0, branch 1 (device_trusted = true) of rule 0 of policy `db` never held';
      expect(testJson(outcome).coverage!.uncovered).to.deep.equal([
        {
          file: 'db.yaml',
          line: 12,
          col: 13,
          policy: 'db',
          rule: 0,
          condition: 0,
          condition_pointer: '/rules/0/conditions/0/value/1',
          missing: 'holds',
          message,
        },
      ]);
      expect(testHuman(outcome, noPaint)).to.include(`  db.yaml:12:13 ${message}\n`);
      const sarif = JSON.parse(testSarif(outcome, '0.0.0', process.cwd())) as {
        runs: Array<{ results: Array<{ ruleId: string; message: { text: string }; locations: Array<{ physicalLocation: { region: object } }> }> }>;
      };
      const [result] = sarif.runs[0]!.results;
      expect(result!.ruleId).to.equal('not-covered');
      expect(result!.message.text).to.match(new RegExp(`^${message.replace(/[()`]/g, '\\$&')};`));
      expect(result!.locations[0]!.physicalLocation.region).to.deep.equal({ startLine: 12, startColumn: 13 });
      expect(testJunit(outcome)).to.include(`db.yaml:12:13 ${xmlEscape(message)}`);
      expect(testMarkdown(outcome)).to.include(`- \`db.yaml:12:13\` ${message}`);
      expect(testGithub(outcome)).to.include('condition outcomes 5/6 (83.3%)');
    });

    it('prints each finding with its location, then a summary line', () => {
      const output = lintHuman(lintOutcome({ 'db.yaml': typo }), noPaint);
      expect(output).to.equal(
        'db.yaml:6:5 error unknown field `acitons`; did you mean `actions`? (unknown-field)\n  6 |     acitons: [read]\n    |     ^^^^^^^\n\n✘ 1 error in 1 file\n',
      );
    });
  });
});

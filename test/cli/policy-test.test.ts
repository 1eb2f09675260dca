import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { TestJson } from '../../cli/src/policy-files/report/json.js';
import { policyFoldersOfSuite } from '../policy-files/support/policy-dirs.js';
import { parseXml } from '../policy-files/support/xml.js';
import { runCli } from './run-cli.js';

const policy = `name: db-read
status: active
rules:
  - effect: allow
    principals: {type: USER, attributes: {department: [engineering]}}
    resources: {type: database, identifiers: ["prod-*"]}
    actions: [read]
    conditions:
      - {type: mfa_verified, operator: equals, value: true}
  - effect: allow
    principals: {type: SERVICE}
    resources: {type: database, identifiers: [prod-replica]}
    actions: [read]
`;

/** Tests of db-read; `expectation` is what the test of an engineer without MFA expects. */
function testFile(expectation: 'allow' | 'deny'): string {
  return `name: database reads
at: "2026-03-10T10:00:00Z"
principals:
  engineer: {type: USER, attributes: {department: engineering}}
resources:
  orders: {type: database, identifier: prod-orders}
tests:
  - name: engineers read with MFA
    principals: [engineer]
    resources: [orders]
    actions: [read]
    context: {mfa_verified: true}
    expect: allow
  - name: engineers without MFA
    principals: [engineer]
    resources: [orders]
    actions: [read]
    context: {mfa_verified: false}
    expect: ${expectation}
`;
}

describe('acctl policy test', function () {
  this.timeout(60000);
  const folder = policyFoldersOfSuite();

  it('passes every test of policies-example/ with full rule and condition coverage', async () => {
    const result = await runCli(['policy', 'test', 'policies-example', '--min-coverage', '100']);
    expect(result.exitCode, result.stdout).to.equal(0);
    expect(result.stdout).to.match(/Tests: {4}89 passed, 89 total \(165 checks in 11 files\)/);
    expect(result.stdout).to.include('Coverage: rules 33/33 (100%), condition outcomes 74/74 (100%)');
    expect(result.stdout).to.include('✔ Policy tests passed');
  });

  it("counts the coverage of a test file's own policies when the file is named, not the whole folder's (issue #22)", async () => {
    const one = await runCli(['policy', 'test', 'policies-example/admin-console.test.yaml', '--min-coverage', '100', '--json']);
    expect(one.exitCode, one.stdout).to.equal(0);
    const report = one.json<TestJson>();
    expect(report.coverage!.policies).to.deep.equal(['admin-console']);
    expect(report.coverage!.rules).to.deep.equal({ covered: 2, total: 2, percent: 100 });
    expect(report.coverage!.uncovered).to.deep.equal([]);
    // A file that tests one policy against the active set is charged with the policies its checks matched too.
    const apis = (await runCli(['policy', 'test', 'policies-example/apis.test.yaml', '--json'])).json<TestJson>();
    expect(apis.coverage!.policies).to.deep.equal(['api-read', 'orders-api-write']);
    // The folder: every policy its tests evaluated.
    const all = (await runCli(['policy', 'test', 'policies-example', '--json'])).json<TestJson>();
    expect(all.coverage!.policies).to.have.length(16);
    expect(all.coverage!.rules.total).to.equal(33);
  });

  it("shows a failed test with what differed, its place and the engine's explanation, and exits 1", async () => {
    const { dir, file } = folder({ 'db.yaml': policy, 'db.test.yaml': testFile('allow') });
    const result = await runCli(['policy', 'test', dir]);
    expect(result.exitCode).to.equal(1);
    expect(result.stdout).to.include(
      [
        `  ✘ engineers without MFA ${file('db.test.yaml')}:14:5`,
        '      engineer × orders × read: expected allow, got deny',
        '        Denied: no rule matched database/prod-orders read for USER (1 rule for this resource and action did not apply; see reasons).',
        '        rule 0 of policy db-read did not apply: mfa_verified false != true',
      ].join('\n'),
    );
    expect(result.stdout).to.include('Tests:    1 passed, 1 failed, 2 total');
  });

  it('fails below --min-coverage and lists what was not covered', async () => {
    const { dir, file } = folder({ 'db.yaml': policy, 'db.test.yaml': testFile('deny') });
    const below = await runCli(['policy', 'test', dir, '--min-coverage', '60']);
    expect(below.exitCode).to.equal(1);
    expect(below.stdout).to.include('Coverage: rules 1/2 (50%), condition outcomes 2/2 (100%)');
    expect(below.stdout).to.include(`${file('db.yaml')}:10:5 rule 1 of policy \`db-read\` never applied`);
    expect(below.stdout).to.include('✘ Coverage is below --min-coverage 60%');
    const met = await runCli(['policy', 'test', dir, '--min-coverage', '50']);
    expect(met.exitCode).to.equal(0);
  });

  it('runs only the tests matching --filter, and exits 2 when none does', async () => {
    const { dir } = folder({ 'db.yaml': policy, 'db.test.yaml': testFile('allow') });
    const filtered = await runCli(['policy', 'test', dir, '--filter', 'WITH MFA', '--json']);
    expect(filtered.exitCode).to.equal(0);
    expect(filtered.json<TestJson>().results.map((result) => result.name)).to.deep.equal(['engineers read with MFA']);
    const none = await runCli(['policy', 'test', dir, '--filter', 'contractors']);
    expect(none.exitCode).to.equal(2);
    expect(none.stderr).to.include('No test matches --filter "contractors"');
  });

  it('reports results as JSON with --format json', async () => {
    const { dir } = folder({ 'db.yaml': policy, 'db.test.yaml': testFile('allow') });
    const result = await runCli(['policy', 'test', dir, '--format', 'json']);
    expect(result.exitCode).to.equal(1);
    const report = result.json<TestJson>();
    expect(report.ok).to.equal(false);
    expect(report.summary).to.deep.equal({ files: 1, tests: 2, passed: 1, failed: 1, checks: 2 });
    expect(report.results[1]!.checks[0]).to.deep.include({
      principal: 'engineer',
      resource: 'orders',
      action: 'read',
      expected: 'allow',
      decision: 'deny',
      passed: false,
    });
    expect(report.coverage!.rules).to.deep.equal({ covered: 1, total: 2, percent: 50 });
  });

  it('writes GitHub annotations for failed tests and a job summary', async () => {
    const { dir, file } = folder({ 'db.yaml': policy, 'db.test.yaml': testFile('allow'), 'summary.md': '' });
    const result = await runCli(['policy', 'test', dir, '--format', 'github'], { env: { GITHUB_STEP_SUMMARY: file('summary.md') } });
    expect(result.exitCode).to.equal(1);
    expect(result.stdout).to.match(
      new RegExp(
        `^::error file=${file('db.test.yaml')},line=14,col=5,title=policy test failed%3A engineers without MFA::engineer × orders × read: expected allow, got deny%0ADenied`,
        'm',
      ),
    );
    expect(readFileSync(file('summary.md'), 'utf8')).to.match(/^### ❌ acctl policy test: 1 passed, 1 failed/);
  });

  it('writes a well-formed JUnit report with the failed test', async () => {
    const { dir } = folder({ 'db.yaml': policy, 'db.test.yaml': testFile('allow') });
    const result = await runCli(['policy', 'test', dir, '--format', 'junit']);
    expect(result.exitCode).to.equal(1);
    const root = parseXml(result.stdout);
    expect(root.attributes).to.include({ tests: '2', failures: '1' });
    const failed = root.children[0]!.children.find((test) => test.attributes.name === 'engineers without MFA')!;
    expect(failed.children[0]!.attributes.message).to.equal('1 of 1 checks failed: expected allow, got deny');
  });

  it('writes a markdown summary first, failures folded', async () => {
    const { dir } = folder({ 'db.yaml': policy, 'db.test.yaml': testFile('allow') });
    const result = await runCli(['policy', 'test', dir, '--format', 'markdown']);
    expect(result.exitCode).to.equal(1);
    expect(result.stdout.split('\n')[0]).to.equal('### ❌ acctl policy test: 1 passed, 1 failed (2 checks in 1 file)');
    expect(result.stdout).to.include('<details><summary>Failures (1)</summary>');
  });

  it('runs nothing while a policy is invalid, reports why, and exits 1', async () => {
    const { dir, file } = folder({
      'db.yaml': policy.replace('actions: [read]\n    conditions', 'acitons: [read]\n    conditions'),
      'db.test.yaml': testFile('deny'),
    });
    const result = await runCli(['policy', 'test', dir]);
    expect(result.exitCode).to.equal(1);
    expect(result.stdout).to.include(`${file('db.yaml')}:7:5 error unknown field \`acitons\`; did you mean \`actions\`? (unknown-field)`);
    expect(result.stdout).to.include('✘ No test ran: fix the 1 error above first');
  });

  it('exits 2 when there is no test file', async () => {
    const { dir } = folder({ 'db.yaml': policy });
    const result = await runCli(['policy', 'test', dir]);
    expect(result.exitCode).to.equal(2);
    expect(result.stderr).to.include('No test files (*.test.yaml)');
  });
});

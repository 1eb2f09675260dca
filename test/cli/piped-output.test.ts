import { expect } from 'chai';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { aPolicyFile, policyFoldersOfSuite } from '../policy-files/support/policy-dirs.js';
import { apiAs, serverOrigin } from './resources-support.js';
import { runCliReadSlowly, type CliResult } from './run-cli.js';

/**
 * What a command prints into a pipe is all of it, whatever its exit code and however slowly the
 * pipe is read. Each output here is well over the 64 KiB a Linux pipe holds: an exit that does not
 * wait for its output (process.exit with writes pending) cut them at 64 KiB or 128 KiB.
 */
describe('output into a pipe, read slowly, is complete whatever the exit code', function () {
  this.timeout(120_000);
  const folder = policyFoldersOfSuite();
  const big = 96 * 1024;

  /** 300 policy files with two lint errors each (a misspelt field and a rule that is not a list): 600 findings. */
  const folderOfLintErrors = (): string => {
    const files: Record<string, string> = {};
    for (let index = 1; index <= 300; index++) files[`policy-${index}.yaml`] = `name: policy-${index}\nacitons: [read]\nrules: nope\n`;
    return folder(files).dir;
  };

  const complete = (result: CliResult, exitCode: number): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(exitCode);
    expect(result.stdout.length, 'the output is large enough to fill the pipe').to.be.above(big);
    return result;
  };

  it('acctl policy lint --json with 600 errors (exit 1) prints its whole JSON document', async () => {
    const args = ['policy', 'lint', folderOfLintErrors(), '--json'];
    const result = complete(await runCliReadSlowly(args), 1);
    const report = result.json<{ summary: { errors: number }; findings: unknown[] }>();
    expect(report.summary.errors).to.equal(600);
    expect(report.findings).to.have.length(600);
  });

  it('acctl policy lint --format sarif with 600 errors (exit 1) prints its whole SARIF log', async () => {
    const result = complete(await runCliReadSlowly(['policy', 'lint', folderOfLintErrors(), '--format', 'sarif']), 1);
    const sarif = JSON.parse(result.stdout) as { runs: Array<{ results: unknown[] }> };
    expect(sarif.runs[0]!.results).to.have.length(600);
  });

  it('acctl policy lint in the human format (exit 1) prints every finding and the summary line last', async () => {
    const result = complete(await runCliReadSlowly(['policy', 'lint', folderOfLintErrors()]), 1);
    expect(result.stdout.match(/policy-\d+\.yaml:\d+:\d+ error /g)).to.have.length(600);
    expect(result.stdout.trimEnd()).to.match(/600 errors in 300 files$/);
  });

  it('acctl policy fmt --diff --json (exit 1) prints the diff of every file', async () => {
    const files: Record<string, string> = {};
    // Keys out of the canonical order: fmt moves `name` first in each.
    for (let index = 1; index <= 300; index++)
      files[`policy-${index}.yaml`] = aPolicyFile(`policy-${index}`).replace(/^(name: .*)\n(status: active)$/m, '$2\n$1');
    const { dir } = folder(files);
    const result = complete(await runCliReadSlowly(['policy', 'fmt', dir, '--diff', '--json']), 1);
    const fmt = result.json<{ changed: string[]; diffs: Record<string, string> }>();
    expect(fmt.changed).to.have.length(300);
    expect(Object.keys(fmt.diffs)).to.have.length(300);
  });

  it('acctl policy test --json with 400 failing cases (exit 1) prints its whole report', async () => {
    const cases = Array.from({ length: 400 }, (_, index) =>
      [
        `  - name: case ${index} expects a deny that the policy does not give`,
        '    principals: [someone]',
        '    resources: [db]',
        '    actions: [read]',
        '    expect: deny',
      ].join('\n'),
    );
    const suite = [
      'name: Many failing cases',
      'at: "2026-03-10T10:00:00Z"',
      'principals:',
      '  someone: {type: USER}',
      'resources:',
      '  db: {type: database, identifier: prod-orders}',
      'tests:',
      ...cases,
    ].join('\n');
    const { dir } = folder({ 'reads.yaml': aPolicyFile('reads'), 'reads.test.yaml': `${suite}\n` });
    const result = complete(await runCliReadSlowly(['policy', 'test', dir, '--json']), 1);
    const report = result.json<{ summary: Record<string, number> }>();
    expect(report.summary).to.deep.include({ failed: 400 });
  });

  it('a command that succeeds waits for a reader slower than 10 s (oclif flush gave up then, and the process died)', async function () {
    this.timeout(60_000);
    const policy = `${aPolicyFile('long')}\n${'# a comment line of the policy, kept by fmt as it is\n'.repeat(4000)}`;
    const result = await runCliReadSlowly(['policy', 'fmt', '-'], { input: policy, pauseMs: 11_000 });
    expect(result.exitCode, result.stderr).to.equal(0);
    expect(result.stdout).to.equal(policy);
  });

  describe('against a server', () => {
    let t: TestApp;
    let env: Record<string, string>;
    before(async () => {
      t = await startTestApp({ listen: true });
      const { client } = await apiAs(t, ['read:policies']);
      env = { ACCTL_SERVER: serverOrigin(t), ACCTL_CLIENT_ID: client.clientId, ACCTL_CLIENT_SECRET: client.clientSecret };
    });
    after(async () => {
      await t.close();
    });

    it('acctl policy plan --json of 300 new policies (exit 2: changes) prints the whole plan', async () => {
      const files: Record<string, string> = { 'acctl.yaml': 'owner: piped-output-test\n' };
      for (let index = 1; index <= 300; index++) files[`policy-${index}.yaml`] = aPolicyFile(`piped-${index}`);
      const { dir } = folder(files);
      const result = complete(await runCliReadSlowly(['policy', 'plan', dir, '--json'], { env }), 2);
      const plan = result.json<Plan>();
      expect(plan.summary).to.deep.include({ create: 300 });
      expect(plan.changes).to.have.length(300);
    });
  });
});

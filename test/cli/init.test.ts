import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import type { InitResult } from '../../cli/src/commands/init.js';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { editorSchemaText } from '../../core/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, serverOrigin } from './resources-support.js';
import { repoRoot, runCli } from './run-cli.js';

const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

const writtenFiles = [
  'acctl.yaml',
  'reports-read.yaml',
  'reports-read.test.yaml',
  '.github/workflows/acctl.yml',
  '.vscode/settings.json',
  '.vscode/extensions.json',
  '.schemas/policy-file.json',
  '.schemas/policy-test-file.json',
  '.schemas/acctl-config-file.json',
];

interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<
    string,
    { if?: string; needs?: string; env?: Record<string, string>; steps: Array<{ uses?: string; run?: string; env?: Record<string, string> }> }
  >;
}

describe('acctl init', function () {
  this.timeout(120_000);
  let parent: string;
  before(() => {
    parent = mkdtempSync(path.join(os.tmpdir(), 'acctl-init-'));
  });
  after(() => rmSync(parent, { recursive: true, force: true }));

  it('writes a policy repository that acctl policy lint, test and fmt --check pass', async () => {
    const dir = path.join(parent, 'team-policies');
    const result = await runCli(['init', dir, '--json']);
    expect(result.exitCode, result.stderr).to.equal(0);
    expect(result.json<InitResult>()).to.deep.equal({
      folder: dir,
      owner: 'team-policies',
      server: 'https://acctl.example.com',
      files: writtenFiles.map((file) => ({ path: file, status: 'created' })),
    });
    const config = parse(readFileSync(path.join(dir, 'acctl.yaml'), 'utf8')) as Record<string, unknown>;
    expect(config).to.deep.equal({ server: 'https://acctl.example.com', owner: 'team-policies' });

    // As the workflow runs them: in the repository, on `.`.
    for (const args of [
      ['policy', 'lint', '.', '--strict'],
      ['policy', 'test', '.', '--min-coverage', '100'],
      ['policy', 'fmt', '.', '--check'],
    ]) {
      const run = await runCli(args, { cwd: dir });
      expect(run.exitCode, `${args.join(' ')}\n${run.stdout}\n${run.stderr}`).to.equal(0);
    }
    const tests = await runCli(['policy', 'test', '.', '--json'], { cwd: dir });
    expect(tests.json<{ summary: { passed: number; failed: number } }>().summary).to.include({ passed: 5, failed: 0 });
  });

  it('writes the editor schemas and the VS Code settings that point the files at them', async () => {
    const dir = path.join(parent, 'editor');
    expect((await runCli(['init', dir])).exitCode).to.equal(0);
    expect(readFileSync(path.join(dir, '.schemas/policy-file.json'), 'utf8')).to.equal(editorSchemaText('policy'));
    expect(readFileSync(path.join(dir, '.schemas/policy-test-file.json'), 'utf8')).to.equal(editorSchemaText('test'));
    expect(readFileSync(path.join(dir, '.schemas/acctl-config-file.json'), 'utf8')).to.equal(editorSchemaText('config'));
    const settings = JSON.parse(readFileSync(path.join(dir, '.vscode/settings.json'), 'utf8')) as { 'yaml.schemas': Record<string, string[]> };
    expect(Object.keys(settings['yaml.schemas'])).to.deep.equal([
      '.schemas/policy-file.json',
      '.schemas/policy-test-file.json',
      '.schemas/acctl-config-file.json',
    ]);
    expect(JSON.parse(readFileSync(path.join(dir, '.vscode/extensions.json'), 'utf8'))).to.deep.equal({ recommendations: ['redhat.vscode-yaml'] });
    expect(readFileSync(path.join(dir, 'reports-read.yaml'), 'utf8')).to.match(/^# yaml-language-server: \$schema=\.schemas\/policy-file\.json\n/);
    expect(readFileSync(path.join(dir, 'reports-read.test.yaml'), 'utf8')).to.match(/^# yaml-language-server: \$schema=\.schemas\/policy-test-file\.json\n/);
    expect(readFileSync(path.join(dir, 'acctl.yaml'), 'utf8')).to.match(/^# yaml-language-server: \$schema=\.schemas\/acctl-config-file\.json\n/);
  });

  it('refuses to overwrite a file that exists, naming it and writing nothing; --force overwrites', async () => {
    const dir = path.join(parent, 'existing');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'acctl.yaml'), 'owner: mine\n');
    const refused = await runCli(['init', dir, '--json']);
    expect(refused.exitCode).to.equal(5);
    const { error } = refused.json<{ error: { code: string; message: string; suggestions: string[] } }>();
    expect(error.code).to.equal('conflict');
    expect(error.message).to.include('acctl.yaml').and.not.include('reports-read.yaml');
    expect(error.suggestions.join(' ')).to.include('--force');
    expect(readFileSync(path.join(dir, 'acctl.yaml'), 'utf8')).to.equal('owner: mine\n');
    expect(() => readFileSync(path.join(dir, 'reports-read.yaml'))).to.throw();

    const forced = await runCli(['init', dir, '--force', '--owner', 'platform security', '--json']);
    expect(forced.exitCode, forced.stderr).to.equal(0);
    const { files, owner } = forced.json<InitResult>();
    expect(owner).to.equal('platform security');
    expect(files.filter((file) => file.status === 'overwritten').map((file) => file.path)).to.deep.equal(['acctl.yaml']);
    expect(parse(readFileSync(path.join(dir, 'acctl.yaml'), 'utf8'))).to.include({ owner: 'platform security' });
    expect((await runCli(['policy', 'lint', dir])).exitCode).to.equal(0);
  });

  it('refuses a --server that is not an http(s) URL, and an --owner with control characters', async () => {
    for (const args of [
      ['--server', 'acctl.example.com'],
      ['--owner', 'a\tb'],
    ]) {
      const result = await runCli(['init', path.join(parent, 'refused'), ...args, '--json']);
      expect(result.exitCode, args.join(' ')).to.equal(2);
      expect(result.json<{ error: { code: string } }>().error.code).to.equal('usage_error');
    }
  });
});

describe('the workflow acctl init writes (.github/workflows/acctl.yml)', function () {
  this.timeout(300_000);
  let t: TestApp;
  let dir: string;
  let workflow: Workflow;

  before(async () => {
    t = await startTestApp({ listen: true });
    dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'acctl-init-workflow-')), 'policies');
    const result = await runCli(['init', dir, '--owner', 'team-a', '--server', serverOrigin(t)]);
    expect(result.exitCode, result.stderr).to.equal(0);
    workflow = parse(readFileSync(path.join(dir, '.github/workflows/acctl.yml'), 'utf8')) as Workflow;
  });
  after(async () => {
    await t.close();
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  /** The `acctl ...` lines of a job's run steps. */
  const commandsOf = (job: string): string[] =>
    workflow.jobs[job]!.steps.flatMap((step) => (step.run ?? '').split('\n'))
      .map((line) => line.trim())
      .filter((line) => line.startsWith('acctl '));

  it('installs acctl with the action of this release in every job, and gives the secrets only to the plan and apply steps', () => {
    expect(Object.keys(workflow.on)).to.have.members(['pull_request', 'push']);
    expect(Object.keys(workflow.jobs)).to.deep.equal(['check', 'plan', 'apply']);
    const secrets = { ACCTL_CLIENT_ID: '${{ secrets.ACCTL_CLIENT_ID }}', ACCTL_CLIENT_SECRET: '${{ secrets.ACCTL_CLIENT_SECRET }}' };
    for (const [name, job] of Object.entries(workflow.jobs)) {
      expect(job.steps.map((step) => step.uses).filter(Boolean), name).to.deep.equal([
        'actions/checkout@v4',
        'actions/setup-node@v4',
        `acctl/acctl@v${version}`,
      ]);
      expect(job.env, name).to.equal(undefined);
      const withSecrets = job.steps.filter((step) => step.env !== undefined);
      expect(
        withSecrets.map((step) => step.env),
        name,
      ).to.deep.equal(name === 'check' ? [] : [secrets]);
      for (const step of withSecrets) expect(step.run, name).to.match(/^acctl policy (plan|apply) /);
    }
    for (const name of ['plan', 'apply']) expect(workflow.jobs[name]!.needs, name).to.equal('check');
    expect(workflow.jobs.plan!.if).to.equal("github.event_name == 'pull_request'");
    expect(workflow.jobs.apply!.if).to.equal("github.event_name == 'push' && github.ref == 'refs/heads/main'");
  });

  it("runs lint and test, then the pull request's plan, then apply on main, against the server in acctl.yaml", async () => {
    expect(commandsOf('check')).to.deep.equal(['acctl policy lint . --format github', 'acctl policy test . --format github']);
    expect(commandsOf('plan')).to.deep.equal(['acctl policy plan . --prune --format github || test $? -eq 2']);
    expect(commandsOf('apply')).to.deep.equal(['acctl policy apply . --prune --auto-approve']);

    const { client, call } = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies']);
    // The secrets of the workflow; the server is acctl.yaml's, as in CI (no ACCTL_SERVER).
    const env = { ACCTL_CLIENT_ID: client.clientId, ACCTL_CLIENT_SECRET: client.clientSecret, GITHUB_SHA: 'feedfacefeedfacefeedfacefeedfacefeedface' };
    for (const line of [...commandsOf('check'), ...commandsOf('plan'), ...commandsOf('apply')]) {
      const [command = '', fallback] = line.split(' || ');
      const result = await runCli(command.split(/\s+/).slice(1), { cwd: dir, env });
      const okExitCodes = fallback === 'test $? -eq 2' ? [0, 2] : [0];
      expect(okExitCodes, `${line} exited ${result.exitCode}\n${result.stdout}\n${result.stderr}`).to.include(result.exitCode);
    }
    // Applied: the next plan has nothing to do, and the server holds the example as a draft of team-a.
    const after = await runCli(['policy', 'plan', '.', '--prune', '--json'], { cwd: dir, env });
    expect(after.exitCode, after.stderr).to.equal(0);
    expect(after.json<Plan>().summary).to.include({ unchanged: 1, create: 0 });
    const listed = (await call('GET', '/v1/policies?managed_by=team-a')) as { data: Array<{ name: string; status: string }> };
    expect(listed.data.map(({ name, status }) => ({ name, status }))).to.deep.equal([{ name: 'reports-read', status: 'draft' }]);
  });
});

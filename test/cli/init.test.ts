import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import type { InitResult } from '../../cli/src/commands/init.js';
import { policyWorkflow } from '../../cli/src/scaffold/policy-workflow.js';
import { editorSchemaText } from '../../core/src/index.js';
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
  jobs: Record<string, unknown>;
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

describe('the workflow acctl init writes (.github/workflows/acctl.yml)', () => {
  it("is the repository's example workflow for this release (test/gitops/example-workflow.test.ts runs it, a fork's pull request included)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-init-workflow-'));
    try {
      expect((await runCli(['init', dir])).exitCode).to.equal(0);
      const written = readFileSync(path.join(dir, '.github/workflows/acctl.yml'), 'utf8');
      expect(written).to.equal(policyWorkflow({ kind: 'init', version }));
      const workflow = parse(written) as Workflow;
      expect(Object.keys(workflow.on)).to.have.members(['pull_request', 'push']);
      expect(Object.keys(workflow.jobs)).to.deep.equal(['checks', 'plan', 'apply']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

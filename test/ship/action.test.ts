import { createHash } from 'node:crypto';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { packCli } from '../../scripts/packed-packages.js';
import { isolatedEnv, repoRoot, runProcess, type ProcessResult } from './support.js';

const script = path.join(repoRoot, '.github/actions/install-acctl.sh');
const actionVersion = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** What a GitHub runner gives a job: a tool cache, a temporary folder, and the files GITHUB_PATH and GITHUB_OUTPUT. */
interface FakeRunner {
  dir: string;
  toolCache: string;
  pathFile: string;
  outputFile: string;
}

interface ActionRun extends ProcessResult {
  /** The lines the run added to GITHUB_PATH. */
  path: string[];
  outputs: Record<string, string>;
}

function fakeRunner(root: string, name: string): FakeRunner {
  const dir = path.join(root, name);
  const runner = { dir, toolCache: path.join(dir, 'tool-cache'), pathFile: path.join(dir, 'github-path'), outputFile: path.join(dir, 'github-output') };
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  writeFileSync(runner.pathFile, '');
  writeFileSync(runner.outputFile, '');
  return runner;
}

/** Runs the action's install step as action.yml does, inputs as INPUT_* variables. */
async function runAction(
  runner: FakeRunner,
  inputs: { tarball?: string; version?: string; sha256?: string },
  env: Record<string, string> = {},
): Promise<ActionRun> {
  const result = await runProcess('bash', [script, 'install'], {
    cwd: runner.dir,
    env: isolatedEnv({
      RUNNER_TOOL_CACHE: runner.toolCache,
      RUNNER_TEMP: path.join(runner.dir, 'temp'),
      RUNNER_OS: 'Linux',
      RUNNER_ARCH: 'X64',
      GITHUB_PATH: runner.pathFile,
      GITHUB_OUTPUT: runner.outputFile,
      ACCTL_ACTION_PATH: repoRoot,
      INPUT_TARBALL: inputs.tarball ?? '',
      INPUT_VERSION: inputs.version ?? '',
      INPUT_SHA256: inputs.sha256 ?? '',
      // The dependencies come from npm's cache where it has them (npm ci filled it).
      npm_config_prefer_offline: 'true',
      npm_config_update_notifier: 'false',
      ...env,
    }),
  });
  const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const outputs = Object.fromEntries(lines(runner.outputFile).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  return { ...result, path: lines(runner.pathFile), outputs };
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A release folder: the tarball and a SHA256SUMS beside it, in `sha256sum` format. */
function releaseFolder(root: string, name: string, tarball: string, sums: (tarballName: string, hash: string) => string): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  const copy = path.join(dir, path.basename(tarball));
  copyFileSync(tarball, copy);
  writeFileSync(path.join(dir, 'SHA256SUMS'), sums(path.basename(tarball), sha256(tarball)));
  return copy;
}

describe('the acctl/acctl action: its install script run as a GitHub runner runs it, on the packed CLI', function () {
  this.timeout(300000);
  let tarball: string;
  let root: string;
  let released: string;
  let runner: FakeRunner;
  let installed: ActionRun;
  const acctl = (args: string[]) =>
    runProcess('acctl', args, {
      cwd: root,
      env: isolatedEnv({ PATH: `${installed.path[0]}${path.delimiter}${process.env.PATH}`, XDG_CONFIG_HOME: path.join(root, 'config') }),
    });

  before(async () => {
    tarball = await packCli();
    root = mkdtempSync(path.join(os.tmpdir(), 'acctl-action-'));
    released = releaseFolder(root, 'release', tarball, (name, hash) => `${hash}  ${name}\n`);
    runner = fakeRunner(root, 'runner');
    installed = await runAction(runner, { tarball: released });
  });
  after(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(path.dirname(tarball), { recursive: true, force: true });
  });

  it('installs the tarball checked against the SHA256SUMS beside it into the tool cache, and adds its bin folder to GITHUB_PATH', () => {
    expect(installed.exitCode, `${installed.stdout}\n${installed.stderr}`).to.equal(0);
    const bin = path.join(runner.toolCache, 'acctl', actionVersion, 'x64', 'bin');
    expect(installed.path).to.deep.equal([bin]);
    expect(installed.outputs).to.deep.equal({ version: actionVersion, path: bin });
    expect(readFileSync(path.join(runner.toolCache, 'acctl', actionVersion, 'x64', '.acctl-tarball-sha256'), 'utf8').trim()).to.equal(sha256(tarball));
  });

  it('puts on PATH an acctl that reports the version of the package.json beside action.yml', async () => {
    const result = await acctl(['--version']);
    expect(result.exitCode, result.stderr).to.equal(0);
    expect(result.stdout).to.include(`/${actionVersion} `);
  });

  it('puts on PATH an acctl whose commands run: acctl policy lint passes on policies-example', async () => {
    // Needs the compiled commands in the tarball: a package without them answers "command policy:lint not found".
    const result = await acctl(['policy', 'lint', path.join(repoRoot, 'policies-example')]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(0);
    expect(result.stdout).to.match(/no problems in \d+ files/);
  });

  it('reuses the installation on a second run from the same tarball (a cache restore) instead of installing again', async () => {
    const sentinel = path.join(runner.toolCache, 'acctl', actionVersion, 'x64', 'left-by-the-first-run');
    writeFileSync(sentinel, '');
    const again = await runAction(fakeRunnerFiles(runner), { tarball: released });
    expect(again.exitCode, again.stderr).to.equal(0);
    expect(again.stdout).to.include('already installed');
    expect(existsSync(sentinel)).to.equal(true);
    expect(again.outputs.path).to.equal(installed.outputs.path);
  });

  it('takes the sha256 input instead of a SHA256SUMS file', async () => {
    const bare = path.join(root, 'bare');
    mkdirSync(bare);
    copyFileSync(tarball, path.join(bare, path.basename(tarball)));
    const result = await runAction(fakeRunnerFiles(runner), { tarball: path.join(bare, path.basename(tarball)), sha256: sha256(tarball).toUpperCase() });
    expect(result.exitCode, result.stderr).to.equal(0);
    expect(result.path).to.deep.equal(installed.path);
  });

  it('refuses a tarball changed after its SHA256SUMS was written, and keeps the installation it has', async () => {
    const altered = releaseFolder(root, 'altered', tarball, (name, hash) => `${hash}  ${name}\n`);
    appendFileSync(altered, Buffer.from([0]));
    const fresh = fakeRunner(root, 'runner-altered');
    const refused = await runAction(fresh, { tarball: altered });
    expect(refused.exitCode).to.equal(1);
    expect(refused.stderr).to.match(/::error title=acctl setup::SHA-256 of .+\.tgz is [0-9a-f]{64}, not [0-9a-f]{64}: not installing it/);
    expect(refused.path).to.deep.equal([]);
    expect(existsSync(path.join(fresh.toolCache, 'acctl'))).to.equal(false);
    const wrongInput = await runAction(fakeRunnerFiles(runner), { tarball: released, sha256: 'f'.repeat(64) });
    expect(wrongInput.exitCode).to.equal(1);
    expect(wrongInput.stderr).to.include('not installing it');
    expect((await acctl(['--version'])).exitCode).to.equal(0);
  });

  it('refuses a tarball that the SHA256SUMS beside it does not list', async () => {
    const unlisted = releaseFolder(root, 'unlisted', tarball, (_name, hash) => `${hash}  acctl-cli-9.9.9.tgz\n`);
    const result = await runAction(fakeRunner(root, 'runner-unlisted'), { tarball: unlisted });
    expect(result.exitCode).to.equal(1);
    expect(result.stderr).to.match(/SHA256SUMS has no line for .+\.tgz/);
    expect(result.path).to.deep.equal([]);
  });

  it('fails clearly on Node.js older than 20.19, before fetching anything', async () => {
    const oldNode = path.join(root, 'old-node');
    mkdirSync(oldNode);
    writeFileSync(path.join(oldNode, 'node'), '#!/bin/sh\necho 20.18.3\n', { mode: 0o755 });
    const fresh = fakeRunner(root, 'runner-old-node');
    const result = await runAction(fresh, { tarball: released }, { PATH: `${oldNode}${path.delimiter}${process.env.PATH}` });
    expect(result.exitCode).to.equal(1);
    expect(result.stderr).to.include('Node.js 20.18.3 is too old: acctl needs Node.js 20.19 or later');
    expect(existsSync(path.join(fresh.toolCache, 'acctl'))).to.equal(false);
  });

  it('refuses a version input that is not a version number, as it becomes part of a URL and a folder', async () => {
    const result = await runAction(fakeRunner(root, 'runner-bad-version'), { version: '0.1.0/../../../etc' });
    expect(result.exitCode).to.equal(1);
    expect(result.stderr).to.include("version '0.1.0/../../../etc' is not a version number");
    expect(result.path).to.deep.equal([]);
  });

  it('refuses a tarball URL that is not https', async () => {
    const result = await runAction(fakeRunner(root, 'runner-http'), { tarball: 'http://127.0.0.1:9/acctl-cli-0.1.0.tgz' });
    expect(result.exitCode).to.equal(1);
    expect(result.stderr).to.include('only https:// URLs or local paths are accepted');
  });
});

/** The same tool cache (a restored cache), with new GITHUB_PATH and GITHUB_OUTPUT files: a later job. */
function fakeRunnerFiles(runner: FakeRunner): FakeRunner {
  writeFileSync(runner.pathFile, '');
  writeFileSync(runner.outputFile, '');
  return runner;
}

interface ActionMetadata {
  name: string;
  description: string;
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: {
    using: string;
    steps: Array<{ id?: string; if?: string; uses?: string; run?: string; shell?: string; env?: Record<string, string>; with?: Record<string, string> }>;
  };
}

describe('action.yml: the metadata of the acctl/acctl action', () => {
  const action = parse(readFileSync(path.join(repoRoot, 'action.yml'), 'utf8')) as ActionMetadata;
  const steps = action.runs.steps;

  it('is a composite action with a name, a description, and the inputs version, tarball, sha256 and cache, none required', () => {
    expect(action.name).to.be.a('string').and.not.equal('');
    expect(action.description).to.be.a('string').and.not.equal('');
    expect(action.runs.using).to.equal('composite');
    expect(Object.keys(action.inputs)).to.have.members(['version', 'tarball', 'sha256', 'cache']);
    for (const [name, input] of Object.entries(action.inputs)) {
      expect(input.description, name).to.be.a('string').and.not.equal('');
      expect(input.required ?? false, name).to.equal(false);
    }
    expect(action.inputs.version?.default).to.equal('');
    expect(action.inputs.cache?.default).to.equal('true');
  });

  it('outputs the version and path that its install step writes', () => {
    expect(action.outputs).to.have.keys(['version', 'path']);
    expect(action.outputs.version?.value).to.equal('${{ steps.install.outputs.version }}');
    expect(action.outputs.path?.value).to.equal('${{ steps.install.outputs.path }}');
    expect(steps.map((step) => step.id ?? step.uses?.split('@')[0])).to.deep.equal(['resolve', 'actions/cache', 'install']);
  });

  it('runs .github/actions/install-acctl.sh in bash, with every input passed as an environment variable and none spliced into a script', () => {
    expect(existsSync(script)).to.equal(true);
    for (const step of steps.filter((each) => each.run !== undefined)) {
      expect(step.shell).to.equal('bash');
      expect(step.run).to.match(/^bash "\$ACCTL_ACTION_PATH\/\.github\/actions\/install-acctl\.sh" (resolve|install)$/);
      expect(step.run).not.to.include('${{');
      expect(step.env?.ACCTL_ACTION_PATH).to.equal('${{ github.action_path }}');
    }
    const install = steps.find((step) => step.id === 'install');
    for (const name of ['version', 'tarball', 'sha256']) expect(install?.env?.[`INPUT_${name.toUpperCase()}`], name).to.equal(`\${{ inputs.${name} }}`);
  });

  it('caches the installation folder keyed on the version, the runner OS and architecture, with actions/cache pinned to a commit', () => {
    const cache = steps.find((step) => step.uses?.startsWith('actions/cache@'));
    expect(cache?.uses).to.match(/^actions\/cache@[0-9a-f]{40}$/);
    expect(cache?.if).to.equal("inputs.cache == 'true' && inputs.tarball == ''");
    expect(cache?.with?.path).to.equal('${{ steps.resolve.outputs.prefix }}');
    expect(cache?.with?.key).to.equal('acctl-cli-${{ steps.resolve.outputs.version }}-${{ runner.os }}-${{ runner.arch }}');
  });
});

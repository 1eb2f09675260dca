import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { installGlobally, packWorkspace, type Installation } from '../../scripts/packed-packages.js';
import { startServerProcess } from '../faults/server-process.js';
import { freshDatabase } from '../helpers/database.js';
import { isolatedEnv, repoRoot, runProcess, type ProcessResult } from './support.js';

/** The goal of issue #21: a CI job that only lints installs at most this much. */
const cliInstallLimit = 25 * 1024 * 1024;

const installedBin = (installation: Installation, name: string): string => path.join(installation.prefix, 'bin', name);

/**
 * A program of an installed package, run as a shell runs it (its own shebang, its prefix's bin on
 * PATH), in a folder outside the checkout (whose node_modules holds the server workspace).
 */
function runInstalled(
  installation: Installation,
  name: string,
  args: string[],
  env: Record<string, string> = {},
  cwd = installation.prefix,
): Promise<ProcessResult> {
  return runProcess(installedBin(installation, name), args, {
    env: isolatedEnv({
      PATH: `${path.join(installation.prefix, 'bin')}:${process.env.PATH}`,
      XDG_CONFIG_HOME: mkdtempSync(path.join(os.tmpdir(), 'acctl-config-')),
      ...env,
    }),
    cwd,
  });
}

describe('the packages users install: packed, installed into clean prefixes, and run from there', function () {
  this.timeout(300_000);
  let folder: string;
  let cliTarball: string;
  let serverTarball: string;
  let cliOnly: Installation;

  before(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'acctl-ship-'));
    [cliTarball, serverTarball] = await Promise.all([packWorkspace('cli'), packWorkspace('server')]);
    cliOnly = await installGlobally(path.join(folder, 'cli-prefix'), [cliTarball]);
  });
  after(() => {
    for (const tarball of [cliTarball, serverTarball]) if (tarball) rmSync(path.dirname(tarball), { recursive: true, force: true });
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  describe('@acctl/cli alone', () => {
    it(`installs without a dependency, in at most ${cliInstallLimit / 1024 / 1024} MB`, () => {
      const installed = path.join(cliOnly.prefix, 'lib', 'node_modules', '@acctl', 'cli');
      expect(readdirSync(installed).sort()).to.deep.equal(['bin', 'dist', 'oclif.manifest.json', 'package.json', 'schemas']);
      expect(existsSync(path.join(installed, 'node_modules')), 'the CLI package installs no dependency').to.equal(false);
      expect(cliOnly.bytes).to.be.at.most(cliInstallLimit);
    });

    it('runs a policy repository from lint to apply against a server started from the repository: lint, test, plan (exit 2), apply, plan (exit 0)', async () => {
      const repository = path.join(folder, 'policy-repository');
      cpSync(path.join(repoRoot, 'policies-example'), repository, { recursive: true });
      const credentials = { clientId: 'ci-deployer', clientSecret: randomBytes(24).toString('base64url') };
      const server = await startServerProcess({ databaseUrl: await freshDatabase(), keyEncryptionKey: randomBytes(32).toString('base64'), ...credentials });
      try {
        const env = { ACCTL_SERVER: server.baseUrl.replace(/\/v1$/, ''), ACCTL_CLIENT_ID: credentials.clientId, ACCTL_CLIENT_SECRET: credentials.clientSecret };
        const acctl = (args: string[]) => runInstalled(cliOnly, 'acctl', args, env, repository);
        const steps: Array<[string[], number]> = [
          [['policy', 'lint', '.'], 0],
          [['policy', 'test', '.'], 0],
          [['policy', 'plan', '.'], 2],
          [['policy', 'apply', '.', '--auto-approve'], 0],
          [['policy', 'plan', '.'], 0],
        ];
        for (const [args, exitCode] of steps) {
          const result = await acctl(args);
          expect(result.exitCode, `acctl ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).to.equal(exitCode);
        }
        const listed = await acctl(['policy', 'list', '--json']);
        expect(listed.exitCode, listed.stderr).to.equal(0);
        const policyFiles = readdirSync(repository).filter((file) => file.endsWith('.yaml') && !file.endsWith('.test.yaml') && file !== 'acctl.yaml');
        expect((JSON.parse(listed.stdout) as { data: unknown[] }).data).to.have.lengthOf(policyFiles.length);
      } finally {
        server.process.kill('SIGTERM');
      }
    });

    it('answers acctl server … with one sentence and exit 127 when the server package is not installed', async () => {
      const result = await runInstalled(cliOnly, 'acctl', ['server', 'start']);
      expect(result.exitCode).to.equal(127);
      expect(result.stderr.trim().split('\n')).to.have.lengthOf(1);
      expect(result.stderr).to.include('npm install --global @acctl/server');
    });
  });

  describe('@acctl/server beside @acctl/cli', () => {
    let both: Installation;
    before(async () => {
      both = await installGlobally(path.join(folder, 'both-prefix'), [cliTarball, serverTarball]);
    });

    it('installs its own copy of the schemas and its built code, and brings its dependencies', () => {
      const installed = path.join(both.prefix, 'lib', 'node_modules', '@acctl', 'server');
      expect(readdirSync(installed).sort()).to.include.members(['bin', 'dist', 'package.json', 'schemas']);
      expect(readdirSync(path.join(installed, 'dist')).sort()).to.deep.equal(['cli.js', 'functions', 'worker.js']);
      const { dependencies } = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      for (const name of Object.keys(dependencies)) {
        const where = [path.join(installed, 'node_modules', name), path.join(both.prefix, 'lib', 'node_modules', name)];
        expect(
          where.some((dir) => existsSync(dir)),
          `${name} is installed`,
        ).to.equal(true);
      }
    });

    it('runs the same commands as acctl-server and as acctl server, each named as it was called', async () => {
      const own = await runInstalled(both, 'acctl-server', ['--help']);
      expect(own.exitCode, own.stderr).to.equal(0);
      expect(own.stdout).to.include('$ acctl-server [COMMAND]');
      const handed = await runInstalled(both, 'acctl', ['server', 'client', '--help']);
      expect(handed.exitCode, handed.stderr).to.equal(0);
      expect(handed.stdout).to.include('$ acctl server client COMMAND');
      for (const result of [own, handed]) expect(result.stdout).to.not.match(/^ {2}(policy|login) /m);
    });

    it('starts from the installed package on a database, with two workers, and serves the API', async () => {
      const databaseUrl = await freshDatabase();
      const migrated = await runInstalled(both, 'acctl-server', ['migrate', '--database-url', databaseUrl, '--json']);
      expect(migrated.exitCode, migrated.stderr).to.equal(0);
      const port = await findFreePort();
      const child: ChildProcess = spawn(
        installedBin(both, 'acctl-server'),
        ['start', '--port', String(port), '--database-url', databaseUrl, '--workers', '2', '--json'],
        {
          env: isolatedEnv({ ACCTL_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'), ACCTL_LOG_LEVEL: 'error' }),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        for (let waited = 0; !stdout.includes('\n') && child.exitCode === null; waited += 100) {
          if (waited > 60_000) throw new Error(`no ready line:\n${stderr}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(JSON.parse(stdout) as Record<string, unknown>, stderr).to.include({ database: 'external', workers: 2 });
        const health = await fetch(`http://127.0.0.1:${port}/v1/health`);
        expect(health.status).to.equal(200);
        const openapi = (await (await fetch(`http://127.0.0.1:${port}/v1/openapi.json`)).json()) as { info: { version: string } };
        expect(openapi.info.version).to.equal((JSON.parse(readFileSync(path.join(repoRoot, 'server', 'package.json'), 'utf8')) as { version: string }).version);
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).to.equal(0);
    });
  });
});

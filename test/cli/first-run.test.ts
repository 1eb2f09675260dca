import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { findFreePort, findRunningEmbeddedPostgres } from '../../server/src/db/embedded-postgres.js';
import { runProcess, type ProcessResult } from '../ship/support.js';
import { cliEnv, repoRoot, runCli } from './run-cli.js';

/**
 * A first run as a container runs it: as root (these tests run as root here and in CI), with the
 * checkout or the data folder inside a folder of mode 0700 (`/root`, `mktemp -d`) that the postgres
 * user the embedded PostgreSQL runs as cannot enter. Real CLI processes, real PostgreSQL.
 */
describe('a first run of acctl server start and the admin commands', function () {
  this.timeout(240_000);
  const folders: string[] = [];
  const servers: RunningCli[] = [];

  after(async () => {
    for (const server of servers) await server.stop();
    for (const folder of folders) {
      // A cluster acctl moved out of a folder the postgres user cannot enter: named in the state file.
      for (const stateFile of findStateFiles(folder)) {
        const { clusterDir } = JSON.parse(readFileSync(stateFile, 'utf8')) as { clusterDir?: string };
        if (clusterDir && /^\/var\/lib\/acctl\/[0-9a-f]{16}$/.test(clusterDir)) {
          await stopPostgresOf(clusterDir);
          rmSync(clusterDir, { recursive: true, force: true });
        }
      }
      await stopPostgresOf(path.join(folder, 'postgres'));
      rmSync(folder, { recursive: true, force: true });
    }
  });

  function privateFolder(): string {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'acctl-first-run-'));
    folders.push(folder);
    expect(statSync(folder).mode & 0o777, 'mkdtemp makes a 0700 folder').to.equal(0o700);
    return folder;
  }

  it('from a checkout under a 0700 folder: starts with the default data folder, the admin commands use it, Ctrl-C stops it with one line', async () => {
    const checkout = path.join(privateFolder(), 'acctl');
    copyCheckout(checkout);
    const cli = path.join(checkout, 'bin', 'dev.js');

    const server = await startServer(cli, ['--port', String(await findFreePort())], checkout);
    servers.push(server);
    const state = JSON.parse(readFileSync(path.join(checkout, '.acctl', 'embedded-postgres.json'), 'utf8')) as { clusterDir?: string };
    if (process.getuid?.() === 0) expect(state.clusterDir, 'the cluster where the postgres user can reach it').to.match(/^\/var\/lib\/acctl\//);

    // `server client list` in the checkout finds the running server's database by itself.
    const beside = await runCliFrom(cli, ['server', 'client', 'list', '--json'], checkout);
    expect(beside.exitCode, beside.stderr).to.equal(0);
    expect(JSON.parse(beside.stdout)).to.have.property('clients').that.is.an('array');

    // Ctrl-C in a terminal signals the whole foreground process group.
    const before = server.stderr();
    process.kill(-server.child.pid!, 'SIGINT');
    expect(await server.exited).to.deep.equal({ code: 0, signal: null });
    expect(server.stderr().slice(before.length).trim()).to.equal('SIGINT: finishing in-flight requests and shutting down');
    expect(server.stdout(), 'no warning or error was logged').to.not.match(/"level":(40|50|60)/);
    expect(await findRunningEmbeddedPostgres(path.join(checkout, '.acctl')), 'its PostgreSQL stopped').to.equal(undefined);

    // With the server stopped, the command starts that database, lists, stops it and exits 0.
    const after = await runCliFrom(cli, ['server', 'client', 'list', '--json'], checkout);
    expect(after.exitCode, after.stderr).to.equal(0);
    expect(after.stderr).to.not.include('TypeError');
    expect(await findRunningEmbeddedPostgres(path.join(checkout, '.acctl')), 'the PostgreSQL it started stopped').to.equal(undefined);
  });

  it('with --data-dir "$(mktemp -d)": a port taken creates nothing (exit 3), the server starts, a second one on the folder is refused (exit 6)', async () => {
    const dataDir = privateFolder();
    const blocker = await holdPort();
    try {
      const fresh = path.join(dataDir, 'fresh');
      const taken = await runCli(['server', 'start', '--port', String(portOf(blocker)), '--data-dir', fresh]);
      expect(taken.exitCode, taken.stderr).to.equal(3);
      expect(taken.stderr.trim()).to.equal(
        `Error: The port ${portOf(blocker)} on 127.0.0.1 is already in use: choose another with --port (0 picks a free one), or stop the process that holds it`,
      );
      expect(existsSync(fresh), 'no data folder made').to.equal(false);
    } finally {
      blocker.close();
    }

    const server = await startServer(path.join(repoRoot, 'bin', 'dev.js'), ['--port', String(await findFreePort()), '--data-dir', dataDir], repoRoot);
    servers.push(server);

    const second = await runCli(['server', 'start', '--port', String(await findFreePort()), '--data-dir', dataDir]);
    expect(second.exitCode, second.stderr).to.equal(6);
    const errors = second.stderr.split('\n').filter((line) => line.startsWith('Error:'));
    expect(errors).to.have.lengthOf(1);
    expect(errors[0]).to.match(new RegExp(`^Error: The data folder ${escape(dataDir)} is in use: its PostgreSQL \\(pid \\d+\\) runs for another acctl server`));
    expect(second.stderr, 'no stack trace').to.not.match(/^\s+at /m);

    server.child.kill('SIGTERM');
    expect(await server.exited).to.deep.equal({ code: 0, signal: null });
  });

  it('an admin command where there is no database fails with one line (exit 2) and creates none', async () => {
    const empty = privateFolder();
    const nothing = await runCli(['server', 'client', 'list'], { cwd: empty });
    expect(nothing.exitCode, nothing.stderr).to.equal(2);
    expect(nothing.stderr.trim()).to.equal(
      'Error: No server database found: give --database-url (or DATABASE_URL), or --data-dir, or run this where npx acctl server start keeps its .acctl',
    );
    const named = await runCli(['server', 'keys', 'rotate', '--data-dir', 'elsewhere'], { cwd: empty });
    expect(named.exitCode, named.stderr).to.equal(2);
    expect(named.stderr.trim()).to.match(/^Error: No server database in \S+\/elsewhere: /);
    expect(readdirSync(empty), 'nothing created').to.deep.equal([]);
  });

  it('server start with a DATABASE_URL where nothing answers fails with one line (exit 6)', async () => {
    const port = await findFreePort();
    const result = await runCli(['server', 'start', '--port', '0'], {
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/acctl`, ACCTL_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') },
    });
    expect(result.exitCode, result.stderr).to.equal(6);
    expect(result.stderr.trim()).to.equal(`Error: Cannot reach the database 127.0.0.1:${port}/acctl: connect ECONNREFUSED 127.0.0.1:${port}`);
  });
});

interface RunningCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whatever state it is in: SIGTERM, then SIGKILL if it has not exited within 15 s. */
  stop(): Promise<void>;
}

/** `server start` in its own process group, as a terminal runs it; resolved once /v1/health answers. */
async function startServer(cli: string, args: string[], cwd: string): Promise<RunningCli> {
  const port = Number(args[args.indexOf('--port') + 1]);
  const child = spawn(process.execPath, [cli, 'server', 'start', ...args], {
    cwd,
    env: cliEnv({ ACCTL_LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: RunningCli = {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      if (!(await Promise.race([exited.then(() => true), delay(15_000).then(() => false)]))) child.kill('SIGKILL');
    },
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server start exited with ${child.exitCode}:\n${stdout}\n${stderr}`);
    const status = await fetch(`http://127.0.0.1:${port}/v1/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return server;
    await delay(250);
  }
}

function runCliFrom(cli: string, args: string[], cwd: string): Promise<ProcessResult> {
  return runProcess(process.execPath, [cli, ...args], { env: cliEnv(), cwd });
}

/**
 * What `node bin/dev.js` needs of the checkout, as hard links: as fast as a link, and a real folder
 * tree (node would resolve a symbolic link back to the original, which the postgres user can reach).
 */
function copyCheckout(target: string): void {
  mkdirSync(target);
  const parts = ['bin', 'cli', 'core', 'kit', 'server', 'schemas', 'node_modules', 'package.json', 'tsconfig.json'];
  try {
    execFileSync('cp', ['-al', ...parts, target], { cwd: repoRoot });
  } catch {
    // Another file system than the checkout's: a real copy.
    execFileSync('cp', ['-a', ...parts, target], { cwd: repoRoot });
  }
}

function holdPort(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function portOf(server: Server): number {
  return (server.address() as { port: number }).port;
}

function findStateFiles(folder: string): string[] {
  return ['embedded-postgres.json', 'acctl/.acctl/embedded-postgres.json'].map((file) => path.join(folder, file)).filter((file) => existsSync(file));
}

/** Whatever failed, no PostgreSQL left running on a folder about to be removed. */
async function stopPostgresOf(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return; // Already gone.
  }
  for (let wait = 0; wait < 40 && existsSync(`/proc/${pid}`); wait++) await delay(250);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { eventually } from '../helpers/eventually.js';
import { delay } from '../helpers/http.js';
import { acceptsConnections } from '../helpers/ports.js';
import { findFreePort, findRunningEmbeddedPostgres } from '../../server/src/db/embedded-postgres.js';
import { runCli, spawnCli } from './run-cli.js';

interface StartedServer {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

describe('acctl server start with the embedded database', function () {
  this.timeout(120000);
  let dataDir: string;
  const started: StartedServer[] = [];

  before(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'acctl-cli-start-'));
    // The `postgres` system user the embedded database runs as (we may be root) must enter it.
    chmodSync(dataDir, 0o755);
  });

  after(async () => {
    // Whatever failed, leave no server and no PostgreSQL behind.
    for (const server of started) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        const stopped = await Promise.race([server.exited.then(() => true), delay(15000).then(() => false)]);
        if (!stopped) server.child.kill('SIGKILL');
      }
    }
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // Already gone.
      }
      // Its fast shutdown ends the process: wait for that, not for a guessed time.
      await eventually(async () => (isAlive(pid) ? undefined : true), 15_000).catch(() => undefined);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer(): Promise<StartedServer> {
    const port = await findFreePort();
    const child = spawnCli(['server', 'start', '--port', String(port), '--data-dir', dataDir], { ACCTL_LOG_LEVEL: 'warn' });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const server: StartedServer = { child, baseUrl: `http://127.0.0.1:${port}/v1`, output: () => output, exited };
    started.push(server);
    const deadline = Date.now() + 90000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering:\n${output}`);
      const status = await fetch(`${server.baseUrl}/health`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return server;
      if (Date.now() > deadline) throw new Error(`server did not answer /v1/health within 90 s:\n${output}`);
      await delay(250);
    }
  }

  async function signingKids(server: StartedServer): Promise<string[]> {
    const jwks = (await (await fetch(`${server.baseUrl}/oauth/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
    return jwks.keys.map((key) => key.kid);
  }

  async function tokenStatus(server: StartedServer, clientId: string, clientSecret: string): Promise<number> {
    const response = await fetch(`${server.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    return response.status;
  }

  it('serves until SIGTERM, stops its PostgreSQL, and keeps the data for the next start', async () => {
    const first = await startServer();
    expect(first.output()).to.include(`acctl is listening on http://127.0.0.1:`);
    expect(first.output()).to.include('acctl server client create');
    const kids = await signingKids(first);
    expect(kids).to.have.length.greaterThan(0);

    // An admin command on the same data folder uses the running server's PostgreSQL.
    const created = await runCli(['server', 'client', 'create', '--name', 'e2e', '--scope', 'read:audit', '--data-dir', dataDir, '--json']);
    expect(created.exitCode, created.stderr).to.equal(0);
    const client = created.json<{ client_id: string; client_secret: string }>();
    expect(await tokenStatus(first, client.client_id, client.client_secret)).to.equal(200);

    const embedded = await findRunningEmbeddedPostgres(dataDir);
    expect(embedded, 'the embedded PostgreSQL runs').to.not.equal(undefined);

    first.child.kill('SIGTERM');
    expect(await first.exited).to.deep.equal({ code: 0, signal: null });
    expect(await acceptsConnections(embedded!.port), 'the embedded PostgreSQL port still accepts connections').to.equal(false);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).to.equal(false);

    const second = await startServer();
    expect(await signingKids(second)).to.include(kids[0]);
    expect(await tokenStatus(second, client.client_id, client.client_secret)).to.equal(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).to.deep.equal({ code: 0, signal: null });
  });

  it('after its server is killed (SIGKILL, the OOM killer), the next start stops the orphaned PostgreSQL and serves; beside a live server it is refused (exit 6)', async () => {
    const first = await startServer();
    const orphan = postmasterPid();
    first.child.kill('SIGKILL');
    expect(await first.exited).to.deep.equal({ code: null, signal: 'SIGKILL' });
    expect(isAlive(orphan), 'the PostgreSQL of the killed server still runs').to.equal(true);

    // startServer waits for /v1/health to answer 200.
    const second = await startServer();
    expect(isAlive(orphan), 'the orphan was stopped').to.equal(false);
    expect(postmasterPid()).to.not.equal(orphan);
    expect(second.output()).to.include(`(pid ${orphan}) outlived the acctl process that started it: stopping it`);

    const third = await runCli(['server', 'start', '--port', String(await findFreePort()), '--data-dir', dataDir]);
    expect(third.exitCode, third.stderr).to.equal(6);
    expect(third.stderr).to.include(
      `Error: The data folder ${dataDir} is in use: its PostgreSQL (pid ${postmasterPid()}) runs for another acctl server or command`,
    );
    expect((await fetch(`${second.baseUrl}/health`)).status, 'the live server still serves').to.equal(200);

    second.child.kill('SIGTERM');
    expect(await second.exited).to.deep.equal({ code: 0, signal: null });
  });

  /** The pid of the PostgreSQL holding the data folder: line 1 of postmaster.pid (PostgreSQL docs, "Database File Layout"). */
  function postmasterPid(): number {
    return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  }
});

/** Whether `pid` runs: a zombie, waiting for an init that does not reap, has an empty command line (proc(5)). */
function isAlive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8') !== '';
  } catch {
    return false;
  }
}

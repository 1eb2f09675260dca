/**
 * The shape of bench/results/latest.json, and the Markdown table made from it: each measurement with
 * the baseline measured in the same run, the ratio, and the goal from the issue.
 */
import { renderCliStartup, type CliStartupSummary } from './cli-startup-report.js';
import { renderAccessChange, type AccessChangeSummary } from './access-change-report.js';
import { renderGitops, type GitopsSummary } from './gitops-report.js';
import { renderDPoP, type DPoPSummary } from './dpop-section.js';
import { renderPlan, type PlanSummary } from './plan-section.js';
import type { EngineSummary } from '../engine.bench.js';
import { renderPeers, type PeerResults } from '../peers/report.js';
import type { ProfileSummary } from '../profile-summary.js';
import type { CommitFloor } from './commit-floor.js';
import type { IntegrityCheck } from './ledger.js';
import type { LoadResult, PacedResult } from './load.js';
import type { Machine } from './machine.js';
import { failures, latency, met, ms, number, table, throughput } from './format.js';
import type { ServerCost } from './server-cost.js';
import type { ServerTimed } from './server-timing.js';
import type { LoopDelay } from '../servers/child-protocol.js';

/** A paced run at half of peak, with how late the server's event loop ran meanwhile (suite.ts, withLoopDelay). */
export type HalfPeakRun = PacedResult & { server_loop_delay_ms?: LoopDelay };

export interface Capacity {
  cores: number;
  rate: number;
  cpu_us_per_decision: number;
  generator_us: number;
  bare_route_us: number;
  left_us: number;
  acctl_spends_us: number;
}

/** Every section is optional: `npm run bench -- --only <sections>` runs some of them. */
export interface BenchResults {
  date: string;
  duration_s: number;
  sections: string[];
  machine: Machine & { load_average_at_end: number[] };
  settings: {
    seconds_per_measurement: number;
    rounds: number;
    connections: number;
    pipelining: number;
    warm_up_seconds: number;
    batch_size: number;
    cpu_profile: boolean;
  };
  database?: { kind: 'local' | 'embedded'; address: string; server_version: string; seed_and_start_seconds?: number };
  engine?: EngineSummary;
  /** Absent when the cli section did not run. */
  cli_startup?: CliStartupSummary;
  /** Absent when the gitops section did not run. */
  gitops?: GitopsSummary;
  /** Absent when the access section did not run. */
  access_change?: AccessChangeSummary;
  /** Absent when the plan section did not run. */
  plan?: PlanSummary;
  /** Absent when the dpop section did not run. */
  dpop?: DPoPSummary;
  http?: {
    bare: LoadResult;
    evaluate_10: LoadResult;
    /** The same server as evaluate_10, as a primary and 2 worker processes (servers/acctl-cluster.ts). */
    evaluate_10_2_workers: LoadResult;
    /** The probe: the 10-policy server with its decision recorder's write removed (servers/acctl-unrecorded.ts). */
    evaluate_10_unrecorded: LoadResult;
    evaluate_10000: LoadResult;
    batch_10: LoadResult;
    half_peak_paced: HalfPeakRun;
    half_peak_autocannon: LoadResult;
    batch_sequential: LoadResult;
    /** One batch at a time again, with the server's own time from its Server-Timing header. */
    batch_server_time: ServerTimed;
    /** The 10-policy server again, with auditDecisionEvents=digest: one audit event per recording write. */
    digest: { evaluate_10: LoadResult; batch_10: LoadResult; half_peak_paced: HalfPeakRun; batch_sequential: LoadResult; batch_server_time: ServerTimed };
  };
  /** The one-row durable commit on the decision server's database, beside the half-peak run and the sequential batches (commit-floor.ts). */
  commit_floor?: { half_peak: CommitFloor; batch_sequential: CommitFloor };
  /** The CPU time per decision the throughput goal would leave on this machine, and what acctl spends (suite.ts, capacityAtHalfOfBare). */
  capacity?: Capacity;
  /** The same for the server with auditDecisionEvents=digest. */
  capacity_digest?: Capacity;
  tokens?: { http: LoadResult; signing_input_bytes: number; rsa_sign_sync_per_second: number; rsa_sign_subtle_per_second: number };
  server_cost?: Record<string, ServerCost>;
  ratios?: {
    decisions_to_bare: number;
    decisions_digest_to_bare: number;
    decisions_2_workers_to_bare: number;
    decisions_unrecorded_to_bare: number;
    policies_10000_to_10: number;
    batch_to_evaluate_decisions: number;
    tokens_to_rsa_sign: number;
    engine_10000_to_10?: number;
    server_cpu_per_request_10_to_10000: number | undefined;
  };
  integrity?: IntegrityCheck[];
  /** Calls of acctl_record_checked_decisions against write transactions: how often the decision recorder's prediction missed, per server. */
  recorder?: Record<'one_process' | 'two_workers', { calls: number; write_transactions: number; misses_at_least: number }>;
  /** With BENCH_CPU_PROF=1; `load` is the closed-loop run while profiling (slower than without). */
  profiles?: Array<{ title: string; load: LoadResult; summary: ProfileSummary }>;
  /** Cerbos and oidc-provider, each beside acctl in a section of its own (peers/). */
  peers: PeerResults;
}

export function renderMarkdown(results: BenchResults): string {
  const { engine, http, tokens, ratios, machine } = results;
  const [scan10, compiled10, compiled10k, scan10k, conditionsSpec, conditionsExtended] = engine?.results ?? [];
  const rows: string[][] = [];
  if (engine && scan10 && compiled10 && compiled10k && scan10k) {
    rows.push(
      [
        'Engine: evaluate (compiled), 10 policies',
        `${number(compiled10.evaluations_per_second)} eval/s`,
        `scan, 10 policies: ${number(scan10.evaluations_per_second)} eval/s`,
        String(compiled10.ratio_to_baseline),
        '—',
        '—',
      ],
      [
        'Engine: evaluate (compiled), 10,000 policies',
        `${number(compiled10k.evaluations_per_second)} eval/s`,
        `compiled, 10 policies: ${number(compiled10.evaluations_per_second)} eval/s`,
        String(engine.ratio_10000_to_10_compiled),
        '—',
        '—',
      ],
      [
        'Engine: scan, 10,000 policies (reference)',
        `${number(scan10k.evaluations_per_second)} eval/s`,
        `scan, 10 policies: ${number(scan10.evaluations_per_second)} eval/s`,
        String(engine.ratio_10000_to_10_scan),
        '—',
        '—',
      ],
    );
  }
  // Absent from results written before the condition sets (#32).
  if (engine && conditionsSpec && conditionsExtended)
    rows.push([
      'Engine: 10 policies, the newer conditions (#32), every condition read',
      `${number(conditionsExtended.evaluations_per_second)} eval/s`,
      `the spec's conditions in the same places: ${number(conditionsSpec.evaluations_per_second)} eval/s`,
      String(engine.ratio_extended_to_spec_conditions),
      '≥ 0.833 (1.2x the time)',
      met(engine.ratio_extended_to_spec_conditions >= 1 / 1.2),
    ]);
  const halfGoal = 10;
  if (http && tokens && ratios)
    rows.push(
      ['HTTP baseline: bare Fastify 5 route, same JSON body', throughput(http.bare) + failures(http.bare), '—', '1', '—', '—'],
      [
        'POST /v1/decisions/evaluate, 10 policies',
        throughput(http.evaluate_10) + failures(http.evaluate_10),
        `bare route: ${number(http.bare.requests_per_second)} req/s`,
        String(ratios.decisions_to_bare),
        '≥ 0.5',
        met(ratios.decisions_to_bare >= 0.5),
      ],
      [
        'POST /v1/decisions/evaluate, 10 policies, `auditDecisionEvents: digest`',
        throughput(http.digest.evaluate_10) + failures(http.digest.evaluate_10),
        `bare route: ${number(http.bare.requests_per_second)} req/s; default (an event per decision): ${number(http.evaluate_10.requests_per_second)} req/s`,
        String(ratios.decisions_digest_to_bare),
        '≥ 0.5',
        met(ratios.decisions_digest_to_bare >= 0.5),
      ],
      [
        'POST /v1/decisions/evaluate, 10 policies, 2 workers (`--workers 2`)',
        throughput(http.evaluate_10_2_workers) + failures(http.evaluate_10_2_workers),
        `bare route: ${number(http.bare.requests_per_second)} req/s; one process: ${number(http.evaluate_10.requests_per_second)} req/s`,
        String(ratios.decisions_2_workers_to_bare),
        '—',
        '—',
      ],
      [
        "Probe: POST /v1/decisions/evaluate, 10 policies, decisions not recorded (the recorder's write removed; not a mode of acctl)",
        throughput(http.evaluate_10_unrecorded) + failures(http.evaluate_10_unrecorded),
        `bare route: ${number(http.bare.requests_per_second)} req/s`,
        String(ratios.decisions_unrecorded_to_bare),
        '—',
        '—',
      ],
      [
        'POST /v1/decisions/evaluate, 10,000 policies',
        throughput(http.evaluate_10000) + failures(http.evaluate_10000),
        `10 policies: ${number(http.evaluate_10.requests_per_second)} req/s`,
        String(ratios.policies_10000_to_10),
        '≥ 0.8',
        met(ratios.policies_10000_to_10 >= 0.8),
      ],
      [
        `POST /v1/decisions/batch, ${results.settings.batch_size} per call, 10 policies`,
        `${number(http.batch_10.items_per_second)} decisions/s (${throughput(http.batch_10, 'calls/s')})${failures(http.batch_10)}`,
        `evaluate, one per call: ${number(http.evaluate_10.items_per_second)} decisions/s`,
        String(ratios.batch_to_evaluate_decisions),
        '—',
        '—',
      ],
      [
        `POST /v1/decisions/batch, ${results.settings.batch_size} per call, 10 policies, \`auditDecisionEvents: digest\``,
        `${number(http.digest.batch_10.items_per_second)} decisions/s (${throughput(http.digest.batch_10, 'calls/s')})${failures(http.digest.batch_10)}`,
        `default: ${number(http.batch_10.items_per_second)} decisions/s`,
        String(Number((http.digest.batch_10.items_per_second / Math.max(1, http.batch_10.items_per_second)).toFixed(3))),
        '—',
        '—',
      ],
      pacedRow('evaluate at half of peak, evenly paced', http.half_peak_paced, halfGoal),
      [
        `evaluate at half of peak, autocannon overallRate (${number(http.half_peak_autocannon.target_rate ?? 0)} req/s, sent in bursts)`,
        `${latency(http.half_peak_autocannon)}; ${number(http.half_peak_autocannon.requests_per_second)} req/s${failures(http.half_peak_autocannon)}`,
        '—',
        '—',
        `p99 < ${halfGoal} ms`,
        met(http.half_peak_autocannon.latency_ms.p99 < halfGoal),
      ],
      pacedRow('evaluate at half of its peak, evenly paced, `auditDecisionEvents: digest`', http.digest.half_peak_paced, halfGoal),
      sequentialBatchRow(`One batch of ${results.settings.batch_size} decisions, evaluated and recorded (1 connection)`, http.batch_sequential, halfGoal),
      sequentialBatchRow(
        `One batch of ${results.settings.batch_size} decisions, \`auditDecisionEvents: digest\` (1 connection)`,
        http.digest.batch_sequential,
        halfGoal,
      ),
      serverTimeRow(`One batch of ${results.settings.batch_size}, server time (its Server-Timing \`total\`; 1 connection)`, http.batch_server_time, halfGoal),
      serverTimeRow(`One batch of ${results.settings.batch_size}, server time, \`auditDecisionEvents: digest\``, http.digest.batch_server_time, halfGoal),
      [
        'POST /v1/oauth/token, client_credentials',
        throughput(tokens.http, 'tokens/s') + failures(tokens.http),
        `node:crypto RS256 sign loop: ${number(tokens.rsa_sign_sync_per_second)} sig/s`,
        String(ratios.tokens_to_rsa_sign),
        '≥ 0.8',
        met(ratios.tokens_to_rsa_sign >= 0.8),
      ],
    );
  const integrity = results.integrity ?? [];
  const allRecorded = integrity.every((check) => check.ok);
  const recorded = integrity.reduce((sum, check) => sum + check.recorded, 0);
  const acknowledged = integrity.reduce((sum, check) => sum + check.acknowledged, 0);
  if (integrity.length > 0)
    rows.push([
      'Integrity: decisions recorded in `decisions` / acknowledged with a 2xx',
      `recorded ${number(recorded)} of ${number(acknowledged)} acknowledged decisions`,
      '—',
      String(acknowledged ? Number((recorded / acknowledged).toFixed(4)) : 0),
      'all recorded',
      met(allRecorded),
    ]);

  const lines: string[] = [];
  lines.push(`# acctl benchmarks, ${results.date}`, '');
  lines.push(
    `Machine: ${machine.os}; ${machine.cpu_model}, ${machine.cores} cores (${machine.available_parallelism} available), ${machine.memory_gb} GB; Node ${machine.node}. Load average ${machine.load_average.join(' / ')} at the start, ${machine.load_average_at_end.join(' / ')} at the end.`,
  );
  lines.push(
    `Sections: ${results.sections.join(', ')}. ${results.database ? `PostgreSQL ${results.database.server_version} (${results.database.kind}, ${results.database.address}). ` : ''}${results.settings.seconds_per_measurement} s per HTTP measurement (peak figures in ${results.settings.rounds} interleaved rounds), ${results.settings.connections} connections, pipelining ${results.settings.pipelining}; the run took ${results.duration_s} s.`,
    '',
  );
  if (rows.length > 0) lines.push(...table(rows), '');
  for (const check of integrity) {
    lines.push(
      `Integrity, ${check.server}: recorded ${number(check.recorded)} of ${number(check.acknowledged)} acknowledged decisions, checked request by request (X-Request-Id)${check.mismatched_requests ? `; **${number(check.mismatched_requests)} requests with the wrong number of rows**` : ''}. ${number(check.unacknowledged_rows)} more rows are decisions of requests in flight when autocannon closed its connections (recorded and answered, the answer not read)${check.unknown_rows ? `; **${number(check.unknown_rows)} rows of unknown requests**` : ''}. ${check.ok ? 'OK.' : '**MISMATCH.**'}`,
      '',
    );
  }
  for (const [key, calls] of Object.entries(results.recorder ?? {})) {
    lines.push(
      `Decision recorder, ${key.replace('_', ' ')}: ${number(calls.calls)} calls of acctl_record_checked_decisions for ${number(calls.write_transactions)} write transactions, so at least ${number(calls.misses_at_least)} predictions of the audit log's tail missed (${calls.calls ? Number(((100 * calls.misses_at_least) / calls.calls).toFixed(1)) : 0}% of calls).`,
      '',
    );
  }
  lines.push(...renderMachineLimits(results, halfGoal));
  const cpu10 = results.server_cost?.evaluate_10;
  const cpu10k = results.server_cost?.evaluate_10000;
  if (cpu10 && cpu10k && ratios?.server_cpu_per_request_10_to_10000 !== undefined) {
    lines.push(
      `Server CPU per evaluate request: ${number(cpu10k.cpu_us_per_request)} µs with 10,000 policies, ${number(cpu10.cpu_us_per_request)} µs with 10 (ratio ${ratios.server_cpu_per_request_10_to_10000}): the 10,000/10 comparison by cost, which other processes on the machine disturb less than throughput.`,
      '',
    );
  }
  if (results.cli_startup) lines.push('## CLI cold start', '', renderCliStartup(results.cli_startup), '');
  if (results.gitops) lines.push('## GitOps: lint, plan and apply of a policy repository', '', renderGitops(results.gitops), '');
  if (results.access_change) lines.push('## The proof (#33): whether a change widens access, against lint', '', renderAccessChange(results.access_change), '');
  if (results.plan) lines.push('## Query plans (#35): a plan against an evaluate, same server', '', renderPlan(results.plan), '');
  if (results.dpop) lines.push('## DPoP (#36): bound token issuance against plain, same server', '', renderDPoP(results.dpop), '');
  if (results.server_cost) lines.push('## What each request cost the server and its database (peak runs)', '');
  if (results.server_cost)
    lines.push(
      '| Measurement | Server CPU per request | Server CPU (cores) | Event-loop use | PostgreSQL backends, CPU per request | PostgreSQL backends (cores) |',
      '|---|---:|---:|---:|---:|---:|',
    );
  for (const [key, cost] of Object.entries(results.server_cost ?? {})) {
    lines.push(
      `| ${key} | ${number(cost.cpu_us_per_request)} µs | ${cost.server_cpu_cores} | ${cost.event_loop_utilization} | ${cost.pg_cpu_us_per_request === undefined ? 'n/a' : `${number(cost.pg_cpu_us_per_request)} µs`} | ${cost.pg_cpu_cores ?? 'n/a'} |`,
    );
  }
  for (const { title, load, summary } of results.profiles ?? []) {
    lines.push(
      '',
      `## CPU profile of ${title} (a server of its own, ${summary.duration_s} s at ${number(load.requests_per_second)} req/s while profiled; idle ${summary.idle_percent}%)`,
      '',
    );
    lines.push('By module (self time):', '', '| Module | Self % |', '|---|---:|');
    for (const entry of summary.by_module.slice(0, 12)) lines.push(`| ${entry.module} | ${entry.self_percent} |`);
    lines.push('', 'Functions by self time:', '', '| Function | Location | Self % | Total % |', '|---|---|---:|---:|');
    for (const entry of summary.top_self) lines.push(`| \`${entry.function}\` | ${entry.location} | ${entry.self_percent} | ${entry.total_percent} |`);
    lines.push('', 'Functions by total time (with what they call):', '', '| Function | Location | Self % | Total % |', '|---|---|---:|---:|');
    for (const entry of summary.top_total) lines.push(`| \`${entry.function}\` | ${entry.location} | ${entry.self_percent} | ${entry.total_percent} |`);
  }
  lines.push(...renderPeers(results.peers, results.settings));
  if (http)
    lines.push(
      '',
      "Latency at half of peak is measured twice: the paced generator spreads the requests evenly and counts each latency from when it was due; autocannon's overallRate lets each connection send its share of every second at once, so its load comes in bursts at full concurrency (and its latencies are whole milliseconds).",
    );
  return `${lines.join('\n')}\n`;
}

/**
 * What this machine allows, measured in the same run: a latency goal is out of reach when the
 * smallest durable commit on the same database, beside the goal's load, is slower than the goal;
 * the throughput goal is out of reach when acctl's cost beyond the bare route exceeds what the
 * cores leave at that rate.
 */
function renderMachineLimits(results: BenchResults, goalMs: number): string[] {
  const lines: string[] = [];
  const { commit_floor: floor, capacity, capacity_digest: capacityDigest } = results;
  if (!floor && !capacity) return lines;
  lines.push('## What the machine allows', '');
  if (floor) {
    const describe = (name: string, measured: CommitFloor): string =>
      `${name}: p50 ${ms(measured.latency_ms.p50)} ms, p90 ${ms(measured.latency_ms.p90)} ms, p99 ${ms(measured.latency_ms.p99)} ms (${number(measured.commits)} commits)${measured.latency_ms.p99 >= goalMs ? `: above the ${goalMs} ms goal, which no durably recorded decision can then meet` : ''}`;
    lines.push(
      `Commit floor: one-row INSERTs, each its own transaction, at ${floor.half_peak.rate}/s on a connection of their own to the decision server's database, while the load runs (bench/lib/commit-floor.ts). A decision is answered after its write commits, and that write is larger.`,
      '',
      `- ${describe('during the half-peak paced run', floor.half_peak)};`,
      `- ${describe(`during the sequential batches of ${results.settings.batch_size}`, floor.batch_sequential)}.`,
      '',
    );
  }
  const probe = results.http?.evaluate_10_unrecorded;
  const probeRatio = results.ratios?.decisions_unrecorded_to_bare;
  if (probe && probeRatio !== undefined) {
    lines.push(
      `Ceiling of the throughput goal: with the decision recorder's write removed (a probe, bench/servers/acctl-unrecorded.ts; acctl has no such setting), the evaluate route answers ${number(probe.requests_per_second)} req/s, ${probeRatio} of the bare route. That is what authentication, rate limiting, validation, evaluation and the answer leave before anything is recorded: ${probeRatio < 0.5 ? 'the goal of 0.5 is above it, so on this machine the route falls short of the goal before its first decision is recorded, however cheap the recording.' : "the goal of 0.5 is below it, so the rest of the gap is the recording's."}`,
      '',
    );
  }
  if (capacity) lines.push(describeCapacity(capacity, 'the default, an audit event per decision'), '');
  if (capacityDigest) lines.push(describeCapacity(capacityDigest, '`auditDecisionEvents: digest`'), '');
  return lines;
}

function describeCapacity(capacity: Capacity, setting: string): string {
  return `CPU at 0.5 of the bare route's throughput (${number(capacity.rate)} decisions/s on ${capacity.cores} cores), ${setting}: ${number(capacity.cpu_us_per_decision)} µs per decision in all. The load generator takes ${number(capacity.generator_us)} µs per request and the bare route's own work (HTTP, the same JSON body) ${number(capacity.bare_route_us)} µs, which leaves ${capacity.left_us > 0 ? `${number(capacity.left_us)} µs` : 'nothing'} for deciding and recording; acctl spends ${number(capacity.acctl_spends_us)} µs there (its server beyond the bare route's cost, plus PostgreSQL's CPU per decision)${capacity.left_us > 0 && capacity.acctl_spends_us > capacity.left_us ? `, ${Number((capacity.acctl_spends_us / Math.max(1, capacity.left_us)).toFixed(1))} times the budget` : capacity.left_us > 0 ? ', within the budget' : ''}.`;
}

/** The rows of a latency goal, one per server setting: an evenly paced run, one batch at a time, and one batch at a time in server time. */
function pacedRow(title: string, run: HalfPeakRun, goalMs: number): string[] {
  const value = `${latency(run)} (from when due: p99 ${ms(run.latency_from_due_ms.p99)} ms); ${number(run.requests_per_second)} req/s${failures(run)}${whereSpent(run)}`;
  return [`${title} (${number(run.target_rate ?? 0)} req/s offered)`, value, '—', '—', `p99 < ${goalMs} ms`, met(run.latency_ms.p99 < goalMs)];
}

function sequentialBatchRow(title: string, run: LoadResult, goalMs: number): string[] {
  return [
    title,
    `${latency(run)}; ${number(run.requests_per_second)} batches/s${failures(run)}`,
    '—',
    '—',
    `p99 < ${goalMs} ms`,
    met(run.latency_ms.p99 < goalMs),
  ];
}

function serverTimeRow(title: string, timed: ServerTimed, goalMs: number): string[] {
  return [title, serverTime(timed), '—', '—', `p99 < ${goalMs} ms`, met(timed.server_total_ms.p99 < goalMs)];
}

/**
 * A half-peak run's time in the server (Server-Timing) and its event loop's lateness: what the
 * client's latency holds beyond them was spent outside acctl's code.
 */
function whereSpent(run: HalfPeakRun): string {
  const parts: string[] = [];
  if (run.server_time)
    parts.push(
      `server time p50 ${ms(run.server_time.total_ms.p50)} ms, p99 ${ms(run.server_time.total_ms.p99)} ms (recording p99 ${ms(run.server_time.record_ms.p99)} ms)`,
    );
  if (run.server_loop_delay_ms)
    parts.push(`server's event loop late by p99 ${ms(run.server_loop_delay_ms.p99)} ms, at most ${ms(run.server_loop_delay_ms.max)} ms`);
  return parts.length ? `; ${parts.join('; ')}` : '';
}

function serverTime(timed: ServerTimed): string {
  const { server_total_ms: total, server_record_ms: record } = timed;
  return `p50 ${ms(total.p50)} ms, p90 ${ms(total.p90)} ms, p99 ${ms(total.p99)} ms, of which recording p50 ${ms(record.p50)} ms, p99 ${ms(record.p99)} ms; client p50 ${ms(timed.latency_ms.p50)} ms; ${number(timed.calls)} calls${timed.failures ? `, **${number(timed.failures)} failed**` : ''}`;
}

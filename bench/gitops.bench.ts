/**
 * The GitOps section of the benchmarks (issue #23): `acctl policy lint`, `plan` and `apply` over a
 * repository of 1,000 policy files, against a real server (its own process, its own fresh database,
 * the 10 payments policies seeded for decisions), each command run as users run it: the CLI bundle
 * they install (cli/bin/acctl.js), built from the sources first. Measured, as ratios to the lint of
 * the same repository in the same run: the first apply (one change set of 1,000 creates), a no-op
 * plan and a no-op apply. Then decisions: POST /v1/decisions/evaluate at full load (autocannon) in
 * windows without an apply and windows while change sets updating all 1,000 policies are POSTed back
 * to back (two contents in turn, so each set changes every policy), interleaved in rounds.
 *
 *   npm run bench -- --only gitops            # as a section of the suite (bench/suite.ts)
 *   npx tsx bench/gitops.bench.ts             # alone: a table; --json for one JSON line
 *   BENCH_GITOPS_POLICIES=1000 --seconds=8 --rounds=4 --runs=3
 *   BENCH_CPU_PROF=1                          # then a window of decisions during applies with the server profiled
 *   BENCH_GITOPS_WINDOWS=split_without_apply,split_during_apply   # only these windows of decisions (a quicker look)
 *
 * Alone, writes bench/results/gitops.json.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import type { PolicyRule } from '../core/src/index.js';
import { buildCli } from '../scripts/build-packages.js';
import { freshDatabase, setupTestDatabases, teardownTestDatabases } from '../scripts/test-databases.js';
import { generatedPolicies, paymentsPolicies, seededRandom, withLintableWindows } from './fixtures/policies.js';
import { evaluateBodies } from './lib/acctl-server.js';
import { startServer, stopAllServers } from './lib/children.js';
import { renderGitops, type GitopsSummary, type TimedCommand } from './lib/gitops-report.js';
import { closedLoop, singleRun, summarise, type LoadResult, type LoadTarget } from './lib/load.js';
import { cpuSplit, onRunner, pinHost, releaseHost, type CpuSplit } from './lib/cpu-split.js';
import { describeMachine } from './lib/machine.js';
import { repoRoot, resultsDir } from './lib/paths.js';
import { seedActivePolicies } from './lib/seed.js';
import { percentiles, significant } from './lib/stats.js';
import { summariseProfile } from './profile-summary.js';

const count = Number(process.env.BENCH_GITOPS_POLICIES ?? 1000);
const owner = 'bench';
const cliEntry = path.join(repoRoot, 'cli', 'bin', 'acctl.js');

function argument(name: string, fallback: number): number {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  const value = given === undefined ? fallback : Number(given.slice(name.length + 3));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

function log(message: string): void {
  process.stderr.write(`[bench gitops] ${message}\n`);
}

/** One CLI run, timed from spawn to exit (exit 2 is plan's "changes"); its stdout. */
function timeCli(args: string[], env: Record<string, string>, split?: CpuSplit): Promise<{ seconds: number; exitCode: number | null; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // No stored profile, no DEBUG: the run a CI job makes.
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(ACCTL_|DATABASE_URL$|DEBUG$|NODE_OPTIONS$)/.test(name)));
    const line = split ? onRunner(split, process.execPath, [cliEntry, ...args]) : { command: process.execPath, args: [cliEntry, ...args] };
    const child = spawn(line.command, line.args, { cwd: repoRoot, env: { ...clean, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 && code !== 2) reject(new Error(`acctl ${args.join(' ')} exited ${code}: ${stderr}`));
      else resolve({ seconds: (performance.now() - started) / 1000, exitCode: code, stdout });
    });
  });
}

/** The policies of the repository: the engine benchmark's generator (owner `bench`); `round` changes every policy's description. */
function repositoryPolicies(round: number): Array<{ name: string; description: string; status: 'active'; rules: PolicyRule[] }> {
  return generatedPolicies(count, seededRandom(20261122)).map((policy) => ({
    name: policy.name,
    description: `round ${round}`,
    status: 'active' as const,
    rules: policy.rules.map(withLintableWindows),
  }));
}

/** The repository, at `description` for every policy (`round 0` is the one the figures are for). */
function writeRepository(description = 'round 0'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-bench-gitops-'));
  writeFileSync(path.join(dir, 'acctl.yaml'), stringify({ owner, files: ['*.yaml'] }));
  for (const policy of repositoryPolicies(0)) writeFileSync(path.join(dir, `${policy.name}.yaml`), stringify({ ...policy, description }));
  return dir;
}

/**
 * A CLI command run back to back while running. For `acctl policy apply`, as a CI job runs it (the
 * CLI process reads, lints and plans the folder, then sends one change set), it alternates between
 * two checkouts whose every policy differs from the other's (and from the Applier's contents), so
 * each run updates all. For `acctl policy lint` of the same checkouts: the CLI's own CPU without the
 * server, the peer that isolates what an apply costs the server's decisions on a machine whose two
 * cores the CLI process shares with the server, PostgreSQL and the load generator.
 */
class CliLoop {
  private running = false;
  private loop: Promise<void> | undefined;
  private next = 0;
  readonly seconds: number[] = [];

  constructor(
    private readonly args: (dir: string) => string[],
    private readonly dirs: readonly [string, string],
    private readonly env: Record<string, string>,
  ) {}

  /** `split`: on the runner's CPU (cpu-split.ts). */
  start(split?: CpuSplit): void {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const { seconds } = await timeCli(this.args(this.dirs[this.next % 2]!), this.env, split);
        this.seconds.push(seconds);
        this.next += 1;
      }
    })();
    this.loop.catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }
}

/**
 * Change sets POSTed back to back while running: each updates every policy (If-Match from the
 * previous answer) to the other of two contents, as an apply of a changed repository does.
 */
class Applier {
  private running = false;
  private loop: Promise<void> | undefined;
  readonly seconds: number[] = [];

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly versions: Map<string, { id: string; version: number }>,
  ) {}

  start(): void {
    this.running = true;
    this.loop = (async () => {
      // CLI applies ran since the last window: start from the versions the server holds now.
      await this.readVersions();
      let round = 1;
      while (this.running) {
        const changes = repositoryPolicies(round % 2).map((policy) => {
          const live = this.versions.get(policy.name)!;
          return { action: 'update', id: live.id, if_match: live.version, policy: { ...policy, metadata: { managed_by: owner } } };
        });
        const started = performance.now();
        const response = await fetch(`${this.url}/v1/policy-sets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
          body: JSON.stringify({ changes, provenance: { tool: 'bench/gitops.bench.ts', message: `round ${round}` } }),
        });
        const body = (await response.json()) as { changes?: Array<{ name: string; id: string; version: number }> };
        if (response.status !== 201) throw new Error(`POST /v1/policy-sets answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
        this.seconds.push((performance.now() - started) / 1000);
        for (const change of body.changes ?? []) this.versions.set(change.name, { id: change.id, version: change.version });
        round += 1;
      }
    })();
    // A failure surfaces in stop(); until then it must not end the process as an unhandled rejection.
    this.loop.catch(() => undefined);
  }

  private async readVersions(): Promise<void> {
    for (let page = 1; ; page++) {
      const response = await fetch(`${this.url}/v1/policies?managed_by=${owner}&limit=100&page=${page}`, {
        headers: { authorization: `Bearer ${this.token}` },
      });
      const body = (await response.json()) as { data: Array<{ name: string; id: string; version: number }>; pagination: { pages: number } };
      for (const item of body.data) this.versions.set(item.name, { id: item.id, version: item.version });
      if (page >= body.pagination.pages) return;
    }
  }

  /** Stops after the set in flight, which is answered first. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }
}

function pick({ p50, max }: { p50: number; max: number }): { p50: number; max: number } {
  return { p50, max };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function measureGitops(options: { seconds: number; rounds: number; runs: number }): Promise<GitopsSummary> {
  const machine = describeMachine();
  log(`${machine.cpu_model}, ${machine.cores} cores, load ${machine.load_average.join(' ')}; ${count} policies; building the CLI bundle`);
  await buildCli();
  await setupTestDatabases();
  const dir = writeRepository();
  const checkouts: [string, string] = [writeRepository('checkout a'), writeRepository('checkout b')];
  try {
    const databaseUrl = await freshDatabase();
    // The decisions' own policies, beside the repository's (which address other resources).
    await seedActivePolicies(databaseUrl, paymentsPolicies());
    const server = await startServer('acctl (gitops)', 'bench/servers/acctl.ts', {
      env: { BENCH_DATABASE_URL: databaseUrl, BENCH_CLIENT_SCOPES: 'read:policies write:policies delete:policies evaluate:decisions' },
    });
    const env = { ACCTL_SERVER: server.url, ACCTL_CLIENT_ID: String(server.ready.client_id), ACCTL_CLIENT_SECRET: String(server.ready.client_secret) };
    const commands: TimedCommand[] = [];
    const run = async (step: string, args: string[], runs: number): Promise<string> => {
      const seconds: number[] = [];
      let stdout = '';
      let exitCode: number | null = null;
      for (let n = 0; n < runs; n++) ({ seconds: seconds[n], stdout, exitCode } = await timeCli(args, env));
      const timed = {
        step,
        command: `acctl ${args.map((arg) => (arg === dir ? '<repo>' : arg)).join(' ')}`,
        exit_code: exitCode,
        runs_s: seconds.map((value) => Number(value.toFixed(2))),
        median_s: Number(median(seconds).toFixed(2)),
      };
      log(`  ${step}: ${timed.runs_s.join(', ')} s (exit ${exitCode})`);
      commands.push(timed);
      return stdout;
    };
    // A first run of each reads the files and the bundle into the page cache, as a CI job's checkout has them.
    await timeCli(['--version'], env);
    await run('CLI start-up (--version)', ['--version'], options.runs);
    await run('lint', ['policy', 'lint', dir], options.runs);
    await run('first plan', ['policy', 'plan', dir], 1);
    const applied = JSON.parse(await run('first apply', ['policy', 'apply', dir, '--auto-approve', '--json'], 1)) as {
      applied: Array<{ name: string; id: string; version: number }>;
    };
    if (applied.applied.length !== count) throw new Error(`the first apply wrote ${applied.applied.length} of ${count} policies`);
    await run('no-op plan', ['policy', 'plan', dir], options.runs);
    await run('no-op apply', ['policy', 'apply', dir, '--auto-approve'], options.runs);

    log(`decisions without and during applies of ${count}-policy change sets: ${options.rounds} interleaved rounds, ${options.seconds} s each kind`);
    const token = String(server.ready.token);
    const target: LoadTarget = {
      url: server.url,
      path: '/v1/decisions/evaluate',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      bodies: evaluateBodies,
      itemsPerRequest: 1,
    };
    const applier = new Applier(server.url, token, new Map(applied.applied.map((change) => [change.name, { id: change.id, version: change.version }])));
    const cliApplier = new CliLoop((folder) => ['policy', 'apply', folder, '--auto-approve'], checkouts, env);
    const cliLinter = new CliLoop((folder) => ['policy', 'lint', folder], checkouts, env);
    const splitApplier = new CliLoop((folder) => ['policy', 'apply', folder, '--auto-approve'], checkouts, env);
    // The goal, measured as deployed: the server's host on one CPU, the CI runner's apply on the other (cpu-split.ts).
    const split = await cpuSplit();
    const splitAvailable = 'host' in split ? split : undefined;
    if (!splitAvailable) log(`  no split windows: ${(split as { unavailable: string }).unavailable}`);
    let pinned = false;
    const placeHost = async (splitWindow: boolean): Promise<void> => {
      if (!splitAvailable || splitWindow === pinned) return;
      await (splitWindow ? pinHost : releaseHost)(splitAvailable, [server.pid]);
      pinned = splitWindow;
    };
    const loops: Record<string, { start: () => void; stop: () => Promise<void>; seconds: number[] }> = {
      during_sets: applier,
      during_apply: { start: () => cliApplier.start(), stop: () => cliApplier.stop(), seconds: cliApplier.seconds },
      during_lint: { start: () => cliLinter.start(), stop: () => cliLinter.stop(), seconds: cliLinter.seconds },
      split_during_apply: { start: () => splitApplier.start(splitAvailable), stop: () => splitApplier.stop(), seconds: splitApplier.seconds },
    };
    const measuredFrom = new Map<string, number>();
    const targets = {
      without_apply: target,
      during_lint: target,
      during_apply: target,
      during_sets: target,
      ...(splitAvailable ? { split_without_apply: target, split_during_apply: target } : {}),
    } as Record<'without_apply' | 'during_lint' | 'during_apply' | 'during_sets' | 'split_without_apply' | 'split_during_apply', LoadTarget>;
    // BENCH_GITOPS_WINDOWS: only some windows (the others then read as zero throughput).
    const only = process.env.BENCH_GITOPS_WINDOWS?.split(',');
    const chosen = only ? (Object.fromEntries(Object.entries(targets).filter(([key]) => only.includes(key))) as typeof targets) : targets;
    const measuredPeak = await closedLoop(chosen, {
      seconds: options.seconds,
      connections: 32,
      rounds: options.rounds,
      warmUpSeconds: 1,
      beforeRun: async (key) => {
        await placeHost(key.startsWith('split_'));
        loops[key]?.start();
      },
      afterRun: async (key, phase) => {
        const loop = loops[key];
        if (!loop) return;
        await loop.stop();
        if (phase === 'warm-up') measuredFrom.set(key, loop.seconds.length);
      },
    }).finally(() => placeHost(false));
    const peak = Object.fromEntries(
      Object.keys(targets).map((key) => [key, (measuredPeak as Partial<Record<string, LoadResult>>)[key] ?? summarise(target, [], 32)]),
    ) as typeof measuredPeak;
    const measured = (key: string) => loops[key]!.seconds.slice(measuredFrom.get(key) ?? 0);
    const measuredApplies = measured('during_apply');
    const measuredSets = measured('during_sets');
    const measuredSplitApplies = measured('split_during_apply');
    const spread = percentiles(measuredSets, 2);
    const cliSpread = percentiles(measuredApplies, 2);
    log(
      `  without: ${peak.without_apply.requests_per_second} req/s; during lints: ${peak.during_lint.requests_per_second} req/s; during applies: ${peak.during_apply.requests_per_second} req/s (${measuredApplies.length} applies); during back-to-back sets: ${peak.during_sets.requests_per_second} req/s, ${measuredSets.length} sets applied meanwhile, p50 ${spread.p50} s`,
    );
    if (splitAvailable)
      log(
        `  host CPU ${splitAvailable.host}, runner CPU ${splitAvailable.runner}: without ${peak.split_without_apply.requests_per_second} req/s; during applies ${peak.split_during_apply.requests_per_second} req/s (${measuredSplitApplies.length} applies)`,
      );
    // BENCH_CPU_PROF=1: one more window of decisions during applies, the server's CPU profiled (where an apply's time goes).
    let profile: GitopsSummary['profile'];
    if (process.env.BENCH_CPU_PROF === '1') {
      const file = path.join(resultsDir, 'profiles', 'gitops-decisions-during-apply.cpuprofile');
      await mkdir(path.dirname(file), { recursive: true });
      // The goal's scenario where the machine can split (the CLI's applies on the runner's CPU), else sets back to back.
      const loop = splitAvailable ? loops.split_during_apply! : applier;
      await placeHost(splitAvailable !== undefined);
      const stopProfile = await server.profile();
      loop.start();
      const load = await singleRun(target, { seconds: options.seconds, connections: 32 });
      await loop.stop();
      await stopProfile(file);
      await placeHost(false);
      profile = { file: path.relative(repoRoot, file), load, summary: await summariseProfile(file, 15) };
      log(`  profiled: ${load.requests_per_second} req/s during applies; ${profile.file}`);
    }
    const medianOf = (step: string) => commands.find((command) => command.step === step)!.median_s;
    const lint = medianOf('lint');
    return {
      policies: count,
      cli: 'cli/bin/acctl.js',
      node: process.version,
      load_average_at_start: machine.load_average,
      commands,
      decisions: {
        without_apply: peak.without_apply,
        during_apply: peak.during_apply,
        during_lint: peak.during_lint,
        during_sets: peak.during_sets,
        applies: { count: measuredApplies.length, changes_per_apply: count, seconds: { p50: cliSpread.p50, max: cliSpread.max } },
        sets: { count: measuredSets.length, changes_per_set: count, seconds: { p50: spread.p50, max: spread.max } },
        ...(splitAvailable
          ? {
              split: {
                host_cpus: splitAvailable.host,
                runner_cpus: splitAvailable.runner,
                without_apply: peak.split_without_apply,
                during_apply: peak.split_during_apply,
                applies: { count: measuredSplitApplies.length, changes_per_apply: count, seconds: pick(percentiles(measuredSplitApplies, 2)) },
              },
            }
          : {}),
      },
      ratios: {
        first_apply_to_lint: significant(medianOf('first apply') / lint),
        noop_plan_to_lint: significant(medianOf('no-op plan') / lint),
        noop_apply_to_lint: significant(medianOf('no-op apply') / lint),
        decisions_during_apply_to_without: significant(peak.during_apply.requests_per_second / peak.without_apply.requests_per_second),
        decisions_during_apply_to_during_lint: significant(peak.during_apply.requests_per_second / peak.during_lint.requests_per_second),
        decisions_during_sets_to_without: significant(peak.during_sets.requests_per_second / peak.without_apply.requests_per_second),
        ...(splitAvailable
          ? { decisions_during_apply_to_without_split: significant(peak.split_during_apply.requests_per_second / peak.split_without_apply.requests_per_second) }
          : {}),
      },
      ...(profile ? { profile } : {}),
    };
  } finally {
    await stopAllServers();
    await teardownTestDatabases();
    for (const folder of [dir, ...checkouts]) rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const summary = await measureGitops({ seconds: argument('seconds', 8), rounds: argument('rounds', 4), runs: argument('runs', 3) });
  if (process.argv.includes('--json')) console.log(JSON.stringify(summary));
  else {
    console.log(renderGitops(summary));
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, 'gitops.json'), `${JSON.stringify(summary, null, 2)}\n`);
  }
}

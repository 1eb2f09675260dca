/**
 * The GitOps section of the benchmarks: `acctl policy lint`, `plan` and `apply` over a repository of
 * 1,000 policy files, against a real server (its own process, its own fresh database), each command
 * run as a user runs it (the CLI binary from the sources, bin/dev.js). Measured: lint; the first plan
 * and apply (1,000 creates); then a no-op plan and apply, which must cost list requests only (the list
 * items' content_hash), never one request per policy. The CLI's own start-up (`acctl --version`) is
 * measured as the baseline each figure stands beside.
 *
 *   npx tsx bench/gitops.bench.ts           # about a minute; BENCH_GITOPS_POLICIES=1000 by default
 *
 * Writes bench/results/gitops.json.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import type { PolicyRule } from '../core/src/index.js';
import { freshDatabase, setupTestDatabases, teardownTestDatabases } from '../scripts/test-databases.js';
import { generatedPolicies, seededRandom } from './fixtures/policies.js';
import { startServer, stopAllServers } from './lib/children.js';
import { describeMachine } from './lib/machine.js';
import { repoRoot, resultsDir } from './lib/paths.js';

const count = Number(process.env.BENCH_GITOPS_POLICIES ?? 1000);

interface Timed {
  command: string;
  exit_code: number | null;
  seconds: number;
}

function log(message: string): void {
  process.stderr.write(`[bench gitops] ${message}\n`);
}

/** One CLI run, timed from spawn to exit. */
function timeCli(args: string[], env: Record<string, string>): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'dev.js'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 && code !== 2) reject(new Error(`acctl ${args.join(' ')} exited ${code}: ${stderr}`));
      else
        resolve({
          command: `acctl ${args.map((arg) => (arg.startsWith(os.tmpdir()) ? '<repo>' : arg)).join(' ')}`,
          exit_code: code,
          seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
        });
    });
  });
}

/** A policy repository of `count` files, each a generated policy (the engine benchmark's set), owned by `bench`. */
function writeRepository(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-bench-gitops-'));
  writeFileSync(path.join(dir, 'acctl.yaml'), stringify({ owner: 'bench', files: ['*.yaml'] }));
  for (const policy of generatedPolicies(count, seededRandom(20261122))) {
    writeFileSync(path.join(dir, `${policy.name}.yaml`), stringify({ name: policy.name, status: 'active', rules: policy.rules.map(withoutEmptyWindows) }));
  }
  return dir;
}

/** The generator may draw a time window that starts where it ends, which lint (and so plan) refuses: widen those to all day but a minute. */
function withoutEmptyWindows(rule: PolicyRule): PolicyRule {
  const conditions = rule.conditions?.map((condition) =>
    condition.type === 'time' && condition.value.start === condition.value.end
      ? { ...condition, value: { ...condition.value, start: '00:00', end: '23:59' } }
      : condition,
  );
  return conditions === undefined ? rule : { ...rule, conditions };
}

async function main(): Promise<void> {
  const machine = describeMachine();
  log(`${machine.cpu_model}, ${machine.cores} cores, load ${machine.load_average.join(' ')}; ${count} policies`);
  await setupTestDatabases();
  const dir = writeRepository();
  try {
    const databaseUrl = await freshDatabase();
    const server = await startServer('acctl (gitops)', 'bench/servers/acctl.ts', {
      env: { BENCH_DATABASE_URL: databaseUrl, BENCH_CLIENT_SCOPES: 'read:policies write:policies delete:policies' },
    });
    const env = { ACCTL_SERVER: server.url, ACCTL_CLIENT_ID: String(server.ready.client_id), ACCTL_CLIENT_SECRET: String(server.ready.client_secret) };
    const steps: Array<[string, string[]]> = [
      ['baseline: CLI start-up', ['--version']],
      ['lint, 1,000 files', ['policy', 'lint', dir]],
      ['first plan (1,000 to create)', ['policy', 'plan', dir]],
      ['first apply (1,000 creates)', ['policy', 'apply', dir, '--auto-approve']],
      ['no-op plan', ['policy', 'plan', dir]],
      ['no-op apply', ['policy', 'apply', dir, '--auto-approve']],
    ];
    const results: Array<Timed & { step: string }> = [];
    for (const [step, args] of steps) {
      const timed = await timeCli(args, env);
      log(`  ${step}: ${timed.seconds} s (exit ${timed.exit_code})`);
      results.push({ step, ...timed });
    }
    const baseline = results[0]!.seconds;
    const table = [
      '| Step | Seconds | Beyond start-up |',
      '| --- | ---: | ---: |',
      ...results.map((row) => `| ${row.step} | ${row.seconds} | ${(row.seconds - baseline).toFixed(2)} |`),
    ].join('\n');
    process.stdout.write(`${table}\n`);
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, 'gitops.json'), `${JSON.stringify({ machine, policies: count, results }, null, 2)}\n`);
  } finally {
    await stopAllServers();
    await teardownTestDatabases();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

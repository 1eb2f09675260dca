/**
 * Cold start of the acctl CLI (issues #8 and #11): wall time from spawning `node` to its exit, for
 * `acctl --version`, `acctl policy list` (against a server on loopback) and `acctl policy lint` of one
 * file, each beside `node -e 0` measured in the same interleaved rounds: the ratio is the figure.
 * The packed @acctl/cli installed into a clean prefix (as users run it) and the development entry
 * (bin/dev.js: TypeScript through tsx, no manifest) are both measured.
 *
 *   npx tsx bench/cli-startup.bench.ts                              # a table
 *   npx tsx bench/cli-startup.bench.ts --runs=5 --json              # one JSON line (bench/suite.ts)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { installGlobally, packWorkspace } from '../scripts/packed-packages.js';
import { freshDatabase, setupTestDatabases, teardownTestDatabases } from '../scripts/test-databases.js';
import { startServer, stopAllServers } from './lib/children.js';
import { renderCliStartup, type CliStartupSummary, type StartupMeasurement } from './lib/cli-startup-report.js';
import { repoRoot } from './lib/paths.js';
import { significant } from './lib/stats.js';

const lintedFile = 'policies-example/api-read.yaml';

interface Variant {
  name: string;
  entry: StartupMeasurement['entry'];
  /** The script node runs, absolute; none for node -e 0. */
  file?: string;
  args: string[];
}

/**
 * The CLI as a policy repository installs it: `npm pack` of cli/ (its build as it is), installed
 * with `npm install --global --prefix` into a fresh folder, whose size on disk is the install size.
 */
async function installPackedCli(): Promise<{ bin: string; bytes: number }> {
  const tarball = await packWorkspace('cli');
  const { prefix, bytes } = await installGlobally(path.join(path.dirname(tarball), 'prefix'), [tarball]);
  return { bin: path.join(prefix, 'lib', 'node_modules', '@acctl', 'cli', 'bin', 'acctl.js'), bytes };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One cold start: spawn to exit, in ms. A non-zero exit fails the measurement (it measured an error path). */
function timeRun(variant: Variant, env: NodeJS.ProcessEnv): Promise<number> {
  const args = variant.file ? [variant.file, ...variant.args] : variant.args;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const elapsed = performance.now() - started;
      if (code === 0) resolve(elapsed);
      else reject(new Error(`${variant.entry} ${variant.args.join(' ')} exited ${code}:\n${stderr}`));
    });
  });
}

export async function measureCliStartup(runs: number): Promise<CliStartupSummary> {
  const installed = await installPackedCli();
  await setupTestDatabases();
  try {
    // The server `policy list` asks, in a process of its own (servers/acctl.ts), with a client allowed read:policies.
    const server = await startServer('acctl (cli start-up)', 'bench/servers/acctl.ts', {
      env: { BENCH_DATABASE_URL: await freshDatabase(), BENCH_CLIENT_SCOPES: 'read:policies' },
    });
    // No colour, no stored profile, no DEBUG: the run a script would make.
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(ACCTL_|DATABASE_URL$|DEBUG$|NODE_OPTIONS$)/.test(name)));
    const env = { ...clean, NO_COLOR: '1', ACCTL_SERVER: server.url, ACCTL_TOKEN: String(server.ready.token) };
    const commands: Array<[string, string[]]> = [
      ['--version', ['--version']],
      ['policy list', ['policy', 'list', '--json']],
      ['policy lint (one file)', ['policy', 'lint', lintedFile, '--format', 'json']],
    ];
    // An administration command of the server package, built as it ships (its chunks: a command
    // imports what it runs), against a database of its own.
    const serverCommand: Variant = {
      name: 'acctl-server user list',
      entry: 'server/bin/acctl-server.js',
      file: path.join(repoRoot, 'server', 'bin', 'acctl-server.js'),
      args: ['user', 'list', '--json', '--database-url', await freshDatabase()],
    };
    const variants: Variant[] = [
      { name: 'node -e 0', entry: 'node', args: ['-e', '0'] },
      serverCommand,
      ...commands.map(([name, args]): Variant => ({ name: `acctl ${name}`, entry: 'installed @acctl/cli', file: installed.bin, args })),
      ...commands.map(([name, args]): Variant => ({ name: `acctl ${name}`, entry: 'bin/dev.js', file: path.join(repoRoot, 'bin', 'dev.js'), args })),
    ];
    // One warm-up round fills the page cache (and tsx's transform cache) so every measured run is alike.
    for (const variant of variants) await timeRun(variant, env);
    const times = new Map<Variant, number[]>(variants.map((variant) => [variant, []]));
    for (let round = 0; round < runs; round++) for (const variant of variants) times.get(variant)!.push(await timeRun(variant, env));
    const baseline = median(times.get(variants[0]!)!);
    return {
      runs,
      node: process.version,
      baseline_median_ms: Math.round(baseline),
      cli_install_bytes: installed.bytes,
      results: variants.map((variant) => {
        const measured = times.get(variant)!;
        return {
          name: variant.name,
          entry: variant.entry,
          runs_ms: measured.map(Math.round),
          median_ms: Math.round(median(measured)),
          ratio_to_node: significant(median(measured) / baseline),
        };
      }),
    };
  } finally {
    await stopAllServers();
    await teardownTestDatabases();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
  const summary = await measureCliStartup(runsArg ? Math.max(1, Number(runsArg.slice('--runs='.length))) : 7);
  console.log(process.argv.includes('--json') ? JSON.stringify(summary) : renderCliStartup(summary));
}

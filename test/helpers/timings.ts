import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'mocha';
import { foldTimings, timingsDir } from '../../scripts/test-timings.js';

/**
 * Where the suite's time goes: a root hook plugin that records, for each test file, its wall time
 * and the CPU of the process that ran it plus the child processes it waited for (a spawned CLI,
 * openssl, Chromium). Under `mocha --parallel` root hooks run around each file in its worker; run
 * serially, they run once, and the one line covers the whole run. PostgreSQL's CPU is not in
 * these figures (another process tree). Each run writes its own file, named in the environment
 * the workers inherit, so two runs at once do not mix; the global teardown folds it into
 * test/results/timings.json and prints the slowest files (scripts/test-timings.ts).
 */
const runFileVariable = 'ACCTL_TEST_TIMINGS_FILE';

interface Mark {
  wallStart: number;
  cpu: number;
}

let mark: Mark | undefined;

/** In the global set-up: this run's file of lines. */
export function startTimings(): void {
  process.env[runFileVariable] = path.join(timingsDir, `timings-${process.pid}.jsonl`);
}

/** In the global teardown: the table of a whole run (npm test), printed. */
export function finishTimings(): void {
  const file = process.env[runFileVariable];
  const table = file === undefined ? undefined : foldTimings(file);
  if (table !== undefined) console.log(`\n${table}`);
}

/** User + system CPU seconds of this process and of the children it has waited for. */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + childrenCpuSeconds();
}

function childrenCpuSeconds(): number {
  try {
    // /proc/self/stat fields 16 and 17 (cutime, cstime) are in clock ticks, 100 a second on Linux.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

function filesOf(context: Context): string[] {
  const root = context.test?.parent;
  const files = new Set<string>();
  for (const suite of root?.suites ?? []) if (suite.file) files.add(path.relative(process.cwd(), suite.file));
  return [...files];
}

export const mochaHooks = {
  beforeAll(this: Context): void {
    mark = { wallStart: performance.now(), cpu: cpuSeconds() };
  },
  afterAll(this: Context): void {
    const file = process.env[runFileVariable];
    if (!mark || file === undefined) return;
    const files = filesOf(this);
    const line = {
      file: files.length === 1 ? files[0] : files.length === 0 ? '(none)' : '(serial run)',
      wallSeconds: Number(((performance.now() - mark.wallStart) / 1000).toFixed(3)),
      cpuSeconds: Number((cpuSeconds() - mark.cpu).toFixed(2)),
    };
    mark = undefined;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // A read-only checkout still runs its tests; it only has no table.
    }
  },
};

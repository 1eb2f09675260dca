import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'mocha';

/**
 * Where the suite's time goes: a root hook plugin that records, for each test file, its wall time
 * and the CPU of the process that ran it plus the child processes it waited for (a spawned CLI,
 * openssl, gh). Under `mocha --parallel` root hooks run around each file in its worker; run
 * serially, they run once, and the one line covers the whole run. Each process appends JSON lines
 * to test/results/timings.jsonl; scripts/test-timings.ts folds them into timings.json and prints
 * the slowest files. PostgreSQL's own CPU is not in these figures (it is another process tree).
 */
const resultsDir = path.resolve(import.meta.dirname, '../results');

interface Mark {
  wallStart: number;
  cpu: number;
}

let mark: Mark | undefined;

/** Called once at the start of a run (the global set-up), so the table is this run's. */
export function resetTimings(): void {
  rmSync(path.join(resultsDir, 'timings.jsonl'), { force: true });
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
    if (!mark) return;
    const files = filesOf(this);
    const line = {
      file: files.length === 1 ? files[0] : files.length === 0 ? '(none)' : '(serial run)',
      wallSeconds: Number(((performance.now() - mark.wallStart) / 1000).toFixed(3)),
      cpuSeconds: Number((cpuSeconds() - mark.cpu).toFixed(2)),
      pid: process.pid,
    };
    mark = undefined;
    try {
      mkdirSync(resultsDir, { recursive: true });
      appendFileSync(path.join(resultsDir, 'timings.jsonl'), `${JSON.stringify(line)}\n`);
    } catch {
      // A read-only checkout still runs its tests; it only has no table.
    }
  },
};

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The suite's per-file timing table. test/helpers/timings.ts appends one JSON line per test file
 * to the run's own file (test/results/timings-<pid>.jsonl); at the end of the run the global
 * teardown folds it into test/results/timings.json, slowest first, and prints the slowest files.
 * `npx tsx scripts/test-timings.ts [--top N]` prints the table of the last run again.
 */
export interface FileTiming {
  file: string;
  wallSeconds: number;
  cpuSeconds: number;
}

export const timingsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/results');
const tableFile = path.join(timingsDir, 'timings.json');

/**
 * Folds the run's lines into timings.json (removing them): its table, or undefined when the run
 * had fewer than `minFiles` files (a developer's run of a few files keeps the last whole table).
 */
export function foldTimings(linesFile: string, minFiles = 20): string | undefined {
  let text: string;
  try {
    text = readFileSync(linesFile, 'utf8');
  } catch {
    return undefined;
  }
  rmSync(linesFile, { force: true });
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FileTiming)
    .sort((a, b) => b.wallSeconds - a.wallSeconds);
  if (lines.length < minFiles) return undefined;
  const sum = (key: 'wallSeconds' | 'cpuSeconds') => Number(lines.reduce((total, line) => total + line[key], 0).toFixed(1));
  writeFileSync(
    tableFile,
    `${JSON.stringify({ files: lines.length, wallSeconds: sum('wallSeconds'), cpuSeconds: sum('cpuSeconds'), byFile: lines }, null, 2)}\n`,
  );
  return table(lines, 10);
}

function table(lines: FileTiming[], top: number): string {
  const sum = (key: 'wallSeconds' | 'cpuSeconds') => lines.reduce((total, line) => total + line[key], 0).toFixed(0);
  return [
    `  Slowest test files (of ${lines.length}; summed wall ${sum('wallSeconds')} s, CPU ${sum('cpuSeconds')} s of the test processes and their children; all in test/results/timings.json):`,
    ...lines.slice(0, top).map((line) => `    ${line.wallSeconds.toFixed(1).padStart(6)} s wall ${line.cpuSeconds.toFixed(1).padStart(6)} s CPU  ${line.file}`),
  ].join('\n');
}

/** The files that start a run first (.mocharc.cjs): the slowest of a whole run, by wall time. */
const orderFile = path.join(timingsDir, '..', 'slow-first.json');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const topIndex = process.argv.indexOf('--top');
  const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 20;
  const { byFile } = JSON.parse(readFileSync(tableFile, 'utf8')) as { byFile: FileTiming[] };
  if (process.argv.includes('--write-order')) {
    // A third of the files, the longest: enough to start every long one first; the rest keep path order.
    const slow = byFile.slice(0, Math.ceil(byFile.length / 3)).map((line) => line.file);
    writeFileSync(orderFile, `${JSON.stringify(slow, null, 2)}\n`);
    console.log(`${path.relative(process.cwd(), orderFile)}: the ${slow.length} slowest files start first`);
  } else {
    console.log(table(byFile, top));
  }
}

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Folds test/results/timings.jsonl (written by test/helpers/timings.ts during `npm test`) into
 * test/results/timings.json, slowest first, and prints the slowest files:
 * `npx tsx scripts/test-timings.ts [--top N]`.
 */
interface Line {
  file: string;
  wallSeconds: number;
  cpuSeconds: number;
}

const dir = path.resolve(import.meta.dirname, '../test/results');
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 20;
const lines = readFileSync(path.join(dir, 'timings.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Line);
const byWall = [...lines].sort((a, b) => b.wallSeconds - a.wallSeconds);
const total = (key: 'wallSeconds' | 'cpuSeconds') => lines.reduce((sum, line) => sum + line[key], 0);
writeFileSync(
  path.join(dir, 'timings.json'),
  `${JSON.stringify({ files: byWall.length, wallSeconds: total('wallSeconds'), cpuSeconds: total('cpuSeconds'), byFile: byWall }, null, 2)}\n`,
);
console.log(
  `${lines.length} files; summed wall ${total('wallSeconds').toFixed(0)} s, summed CPU ${total('cpuSeconds').toFixed(0)} s (test processes and their children, not PostgreSQL)`,
);
console.log('| file | wall s | CPU s |\n| --- | --- | --- |');
for (const line of byWall.slice(0, top)) console.log(`| ${line.file} | ${line.wallSeconds.toFixed(1)} | ${line.cpuSeconds.toFixed(1)} |`);

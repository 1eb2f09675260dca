// The test files of `npm test`, one per line, slowest first: the files of test/slow-first.json
// (written from a run's timings by `npx tsx scripts/test-timings.ts --write-order`), then the rest
// in path order. `mocha --parallel` hands files to its workers in the order given, so the long
// files start at once instead of holding the run's end while the other workers have nothing left.
// A stale list costs only speed: a file it names that is gone is left out, and a new file still runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function testFiles() {
  return readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('results'))
    .map((file) => path.join('test', file).split(path.sep).join('/'))
    .sort();
}

export function slowestFirst(files) {
  const listed = path.join(root, 'test', 'slow-first.json');
  const slow = existsSync(listed) ? JSON.parse(readFileSync(listed, 'utf8')).filter((file) => files.includes(file)) : [];
  return [...slow, ...files.filter((file) => !slow.includes(file))];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) console.log(slowestFirst(testFiles()).join('\n'));

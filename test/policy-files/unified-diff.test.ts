import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { unifiedDiff } from '../../cli/src/policy-files/unified-diff.js';

/** A small deterministic generator (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('unifiedDiff (acctl policy fmt --diff)', () => {
  it('is empty for equal texts, and reads as diff -u for a change', () => {
    expect(unifiedDiff('a.yaml', 'x\n', 'x\n')).to.equal('');
    expect(unifiedDiff('a.yaml', '1\n2\n3\n4\n5\n6\n7\n8\n9\n', '1\n2\n3\n4\nfive\n6\n7\n8\n9\n')).to.equal(
      '--- a/a.yaml\n+++ b/a.yaml\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n',
    );
    expect(unifiedDiff('a.yaml', '', 'x\n')).to.equal('--- a/a.yaml\n+++ b/a.yaml\n@@ -0,0 +1 @@\n+x\n');
  });

  it('gives a patch that git apply turns into the new text, for 300 random pairs of texts', function () {
    this.timeout(60_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-diff-'));
    try {
      const next = random(22);
      const text = (): string => {
        const lines = Array.from({ length: Math.floor(next() * 25) }, () => `${'abcde'[Math.floor(next() * 5)]}\n`).join('');
        return next() < 0.2 ? `${lines}last` : lines;
      };
      // Pair n is file fn.yaml: one patch of every changed file and one git apply (300 forks of a
      // test process cost seconds of CPU); git names the file a hunk fails in, so the pair.
      const pairs: { file: string; before: string; after: string; diff: string }[] = [];
      for (let n = 0; n < 300; n++) {
        const before = text();
        const after = text();
        const file = `f${n}.yaml`;
        const diff = unifiedDiff(file, before, after);
        if (before === after) expect(diff).to.equal('');
        else pairs.push({ file, before, after, diff });
      }
      expect(pairs.length).to.be.above(250);
      for (const { file, before } of pairs) writeFileSync(path.join(dir, file), before);
      writeFileSync(path.join(dir, 'all.diff'), pairs.map((pair) => pair.diff).join(''));
      execFileSync('git', ['apply', '--unidiff-zero', 'all.diff'], { cwd: dir });
      for (const { file, before, after, diff } of pairs)
        expect(readFileSync(path.join(dir, file), 'utf8'), `${file}: ${JSON.stringify([before, after])}\n${diff}`).to.equal(after);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows a file too different to search in full as replaced, in bounded time', () => {
    const before = Array.from({ length: 5000 }, (_, n) => `line ${n}\n`).join('');
    const after = Array.from({ length: 5000 }, (_, n) => `  line ${n}\n`).join('');
    const started = Date.now();
    const diff = unifiedDiff('big.yaml', before, after);
    expect(Date.now() - started).to.be.below(5000);
    expect(diff.split('\n').filter((line) => line.startsWith('-line'))).to.have.length(5000);
    expect(diff.split('\n').filter((line) => line.startsWith('+  line'))).to.have.length(5000);
  });
});

import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { MemoryWindowCounter } from '../../server/src/plugins/rate-limits/window-counter.js';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'count-hits.ts');

/** Forks the fixture; `answer` plays the primary's part with each message it sends (or not). */
async function countInChild(hits: number, answer: (child: ChildProcess, message: any) => void): Promise<{ counts: number[]; stdout: string }> {
  const child = fork(fixture, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, HITS: String(hits) }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let stdout = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  let counts: number[] | undefined;
  child.on('message', (message: any) => {
    if (message?.type === 'test:counts') counts = message.counts;
    else answer(child, message);
  });
  await once(child, 'exit');
  if (!counts) throw new Error(`the child sent no counts:\n${stdout}`);
  return { counts, stdout };
}

describe('ClusterWindowCounter (a worker counting through its primary)', function () {
  this.timeout(60_000);

  it("counts in the primary: the answers are the primary counter's, shared with other workers", async () => {
    const primaryCounter = new MemoryWindowCounter();
    // Another worker already counted 5 for this key in this window.
    for (let n = 0; n < 5; n++) primaryCounter.hit('standard:ip:127.0.0.1:1', 1);
    const { counts, stdout } = await countInChild(3, (child, message) => {
      if (message?.type !== 'acctl:rate-limit-hits') return;
      child.send({
        type: 'acctl:rate-limit-counts',
        counts: message.hits.map(([id, key, window]: [number, string, number]) => [id, primaryCounter.hit(key, window)]),
      });
    });
    expect(counts.sort()).to.deep.equal([6, 7, 8]);
    expect(stdout).to.not.include('did not count');
  });

  it('counts alone, and warns, when the primary does not answer in time', async () => {
    const { counts, stdout } = await countInChild(3, () => undefined);
    expect(counts.sort()).to.deep.equal([1, 2, 3]);
    const warnings = stdout.split('\n').filter((line) => line.includes('The primary process did not count a request for rate limits'));
    expect(warnings, 'one warning for the three').to.have.lengthOf(1);
    expect(JSON.parse(warnings[0]!)).to.include({ level: 40, reason: 'no answer within 1000 ms' });
  });
});

import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';
import { HashingSlots, HashingSlotsBusy } from '../../server/src/security/hashing-slots.js';
import { passwordHashingLimits, passwordHashingStats, resetPasswordHashingStats } from '../../server/src/security/passwords.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { inputValue, PageAgent } from '../oauth/support/user-agent.js';
import { addressesIn } from './support.js';

/**
 * Issue #19, finding 3: every parallel sign-in ran scrypt (about 100 ms of a core and 128 MiB
 * each) at once, so one address kept both cores busy while staying under its request rate. Now
 * one address gets one scrypt at a time with a few more waiting, the process a bounded number,
 * and an attempt that finds no hashing slot is refused before its password is looked at.
 */
describe('Security: how much scrypt sign-ins can run at once is bounded', function () {
  this.timeout(120_000);
  let t: TestApp;
  const newAddress = addressesIn('198.51');

  before(async () => {
    t = await startTestApp({ config: { rateLimitStandard: 1_000_000, passwordHashCost: 17 } });
    // The decoy hash for unknown usernames is made once; made now, it is not counted below.
    await signInAll([{ username: 'warm-up', address: newAddress() }]);
  });
  after(() => t.close());

  /** Sign-ins for distinct unknown usernames (no throttle slot is short), all posted at once. */
  async function signInAll(attempts: Array<{ username: string; address: string }>): Promise<LightMyRequestResponse[]> {
    const ready = await Promise.all(
      attempts.map(async ({ username, address }) => {
        const agent = new PageAgent(t.app, { remoteAddress: address });
        const form = await agent.get('/v1/ui/sign-in');
        return { agent, fields: { csrf_token: inputValue(form.body, 'csrf_token'), username, password: 'a-wrong-password' } };
      }),
    );
    return Promise.all(ready.map(({ agent, fields }) => agent.postForm('/v1/ui/sign-in', fields)));
  }

  it(`runs one scrypt at a time for one address, lets ${passwordHashingLimits.waitingPerKey} more wait, and refuses the rest with 429 and Retry-After: 1 before hashing`, async () => {
    const address = newAddress();
    resetPasswordHashingStats();
    const answers = await signInAll(Array.from({ length: 12 }, (_, i) => ({ username: `sprayed-${i}`, address })));
    const checked = answers.filter((answer) => answer.statusCode === 200);
    const busy = answers.filter((answer) => answer.statusCode === 429);
    expect(checked.length + busy.length).to.equal(12);
    expect(checked.length).to.equal(1 + passwordHashingLimits.waitingPerKey);
    expect(passwordHashingStats().started).to.equal(checked.length);
    expect(passwordHashingStats().peakRunningPerKey).to.equal(1);
    for (const answer of busy) {
      expect(answer.headers['retry-after']).to.equal('1');
      expect(answer.body).to.include('being checked at once');
    }
    // An attempt refused for want of a hashing slot counts nothing against the throttle.
    const rows = await t.app.db('credential_attempts').count<{ count: string }[]>('* as count');
    expect(Number(rows[0]!.count)).to.equal(1 + checked.length);
  });

  it(`runs at most ${passwordHashingLimits.running} scrypt at once in the process when 24 addresses sign in together`, async () => {
    resetPasswordHashingStats();
    const answers = await signInAll(Array.from({ length: 24 }, (_, i) => ({ username: `crowd-${i}`, address: newAddress() })));
    expect(answers.map((answer) => answer.statusCode)).to.deep.equal(Array(24).fill(200));
    expect(passwordHashingStats().started).to.equal(24);
    expect(passwordHashingStats().peakRunning).to.be.at.most(passwordHashingLimits.running);
  });

  describe('the admission itself (HashingSlots)', () => {
    const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('never runs two hashes of one key at once, even with free slots, and admits the other keys meanwhile', async () => {
      const slots = new HashingSlots({ running: 4, runningPerKey: 1, waitingPerKey: 10, waiting: 100 });
      const keys = ['a', 'a', 'a', 'b', 'b', 'c'];
      await Promise.all(keys.map((key) => slots.run(key, () => tick(20))));
      expect(slots.stats()).to.include({ peakRunningPerKey: 1, peakRunning: 3, started: 6, running: 0, waiting: 0 });
    });

    it('refuses a key with too many waiting, and the process with too many waiting, without running them', async () => {
      const slots = new HashingSlots({ running: 1, runningPerKey: 1, waitingPerKey: 2, waiting: 3 });
      const outcomes = await Promise.allSettled(['a', 'a', 'a', 'a', 'b', 'c', 'd'].map((key) => slots.run(key, () => tick(5))));
      const scopes = outcomes.map((outcome) =>
        outcome.status === 'fulfilled' ? 'ran' : outcome.reason instanceof HashingSlotsBusy ? outcome.reason.scope : 'other',
      );
      expect(scopes).to.deep.equal(['ran', 'ran', 'ran', 'key', 'ran', 'process', 'process']);
      expect(slots.stats().started).to.equal(4);
    });

    it('lets hashes without a key (administration) wait without a bound', async () => {
      const slots = new HashingSlots({ running: 1, runningPerKey: 1, waitingPerKey: 0, waiting: 0 });
      await Promise.all(Array.from({ length: 5 }, () => slots.run(undefined, () => tick(2))));
      expect(slots.stats()).to.include({ started: 5, peakRunning: 1 });
    });
  });
});

import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';
import { signInThrottle } from '../../server/src/security/failure-throttle.js';
import { passwordHashingStats, resetPasswordHashingStats } from '../../server/src/security/passwords.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createTestUser, inputValue, PageAgent, type TestUser } from '../oauth/support/user-agent.js';
import { addressesIn } from './support.js';

/**
 * Issue #19, finding 3: the sign-in throttle read the failures, checked the password, then wrote
 * the failure, so 30 to 100 guesses sent at once were all checked (the limit is 5 in 15 minutes)
 * and the right password at guess 90 signed in. Now each attempt takes its slot, per username
 * and address and per username across addresses, in one atomic step before scrypt runs.
 */
describe('Security: parallel sign-in guesses get no more than the throttle allows', function () {
  // scrypt at 2^14 (16 MiB, a few ms): slow enough that every guess is in flight before the first is
  // settled, which is all the race needs; the production 2^17 made this the suite's slowest file.
  this.timeout(120_000);
  let t: TestApp;
  const newAddress = addressesIn('198.18');

  before(async () => {
    t = await startTestApp({ config: { rateLimitStandard: 1_000_000, passwordHashCost: 14 } });
  });
  after(() => t.close());

  /** Browsers ready to post the form (their sessions and CSRF tokens fetched first), then every guess posted at once. */
  async function guessInParallel(guesses: Array<{ username: string; password: string; address: string }>): Promise<LightMyRequestResponse[]> {
    const ready = await Promise.all(
      guesses.map(async (guess) => {
        const agent = new PageAgent(t.app, { remoteAddress: guess.address });
        const form = await agent.get('/v1/ui/sign-in');
        return {
          agent,
          fields: { csrf_token: inputValue(form.body, 'csrf_token'), username: guess.username, password: guess.password, return_to: '/v1/ui/dashboard' },
        };
      }),
    );
    return Promise.all(ready.map(({ agent, fields }) => agent.postForm('/v1/ui/sign-in', fields)));
  }

  /** 60 guesses, the right password at the last three places. */
  const sixtyGuesses = (user: TestUser, address: () => string) =>
    Array.from({ length: 60 }, (_, i) => ({ username: user.username, password: i >= 57 ? user.password : `wrong-${i}`, address: address() }));

  const statuses = (responses: LightMyRequestResponse[]) => ({
    checkedAndRefused: responses.filter((r) => r.statusCode === 200).length,
    signedIn: responses.filter((r) => r.statusCode === 303).length,
    throttled: responses.filter((r) => r.statusCode === 429).length,
  });

  it(`checks at most ${signInThrottle.maxFailures} of 60 parallel guesses from one address, and the right password among the late ones does not get in`, async () => {
    const user = await createTestUser(t.app);
    const address = newAddress();
    resetPasswordHashingStats();
    const answered = statuses(await guessInParallel(sixtyGuesses(user, () => address)));
    expect(answered.checkedAndRefused + answered.signedIn, JSON.stringify(answered)).to.be.at.most(signInThrottle.maxFailures);
    expect(answered.signedIn).to.equal(0);
    expect(answered.throttled).to.equal(60 - answered.checkedAndRefused);
    // The hash runs only for attempts that got a slot.
    expect(passwordHashingStats().started).to.be.at.most(signInThrottle.maxFailures);
    const [late] = await guessInParallel([{ username: user.username, password: user.password, address }]);
    expect(late!.statusCode).to.equal(429);
    expect(Number(late!.headers['retry-after'])).to.be.within(1, signInThrottle.windowSeconds);
  });

  it('does not lock the owner out from another address after a flood from one address', async () => {
    const user = await createTestUser(t.app);
    const flooded = newAddress();
    await guessInParallel(sixtyGuesses(user, () => flooded).map((guess) => ({ ...guess, password: `wrong-${guess.password}` })));
    const [owner] = await guessInParallel([{ username: user.username, password: user.password, address: newAddress() }]);
    expect(owner!.statusCode).to.equal(303);
  });

  it(`holds the per-username ceiling (${signInThrottle.accountMaxFailures}) across 60 addresses guessing at once, then locks the username everywhere`, async () => {
    const user = await createTestUser(t.app);
    resetPasswordHashingStats();
    const guessed = Date.now();
    const answered = statuses(await guessInParallel(sixtyGuesses(user, newAddress)));
    expect(answered.checkedAndRefused + answered.signedIn, JSON.stringify(answered)).to.be.at.most(signInThrottle.accountMaxFailures);
    expect(answered.signedIn).to.equal(0);
    expect(passwordHashingStats().started).to.be.at.most(signInThrottle.accountMaxFailures);
    const [owner] = await guessInParallel([{ username: user.username, password: user.password, address: newAddress() }]);
    expect(owner!.statusCode).to.equal(429);
    // The lockout began after the guesses were sent: what is left of it is the lockout less the time since
    // (a busy machine takes its time over sixty guesses), rounded up.
    const since = Math.ceil((Date.now() - guessed) / 1000);
    expect(Number(owner!.headers['retry-after'])).to.be.within(signInThrottle.lockoutSeconds - since - 1, signInThrottle.lockoutSeconds);
    expect(owner!.body).to.include('Too many failed sign-ins');
  });

  it('doubles the lockout when the ceiling is reached again within a day of the last one', async () => {
    const user = await createTestUser(t.app);
    const fail = (count: number) =>
      guessInParallel(Array.from({ length: count }, (_, i) => ({ username: user.username, password: `wrong-${i}`, address: newAddress() })));
    await fail(signInThrottle.accountMaxFailures);
    // The first lockout ends, its failures long past.
    const past = new Date(Date.now() - 2 * signInThrottle.windowSeconds * 1000);
    await t.app.db('credential_attempts').update({ attempted_at: past });
    await t.app.db('credential_lockouts').update({ locked_until: new Date(Date.now() - 1000) });
    const [allowed] = await guessInParallel([{ username: user.username, password: 'wrong-again', address: newAddress() }]);
    expect(allowed!.statusCode).to.equal(200);
    await fail(signInThrottle.accountMaxFailures - 1);
    const [owner] = await guessInParallel([{ username: user.username, password: user.password, address: newAddress() }]);
    expect(owner!.statusCode).to.equal(429);
    expect(Number(owner!.headers['retry-after'])).to.be.within(2 * signInThrottle.lockoutSeconds - 60, 2 * signInThrottle.lockoutSeconds);
  });

  it('does not count a right password as a failure, even while other guesses hold slots', async () => {
    const user = await createTestUser(t.app);
    const address = newAddress();
    const answered = await guessInParallel([
      ...Array.from({ length: signInThrottle.maxFailures - 1 }, (_, i) => ({ username: user.username, password: `wrong-${i}`, address })),
      { username: user.username, password: user.password, address },
    ]);
    expect(answered.map((r) => r.statusCode).sort()).to.deep.equal([...Array(signInThrottle.maxFailures - 1).fill(200), 303].sort());
    // The right attempt's slot is gone, and with it the failures settled before it.
    const rows: Array<{ failed: boolean }> = await t.app.db('credential_attempts').select('failed');
    expect(rows.filter((row) => !row.failed)).to.deep.equal([]);
    const [again] = await guessInParallel([{ username: user.username, password: user.password, address }]);
    expect(again!.statusCode).to.equal(303);
  });
});

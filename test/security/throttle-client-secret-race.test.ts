import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';
import { clientAuthenticationThrottle } from '../../server/src/security/failure-throttle.js';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { expectOAuthError } from '../helpers/responses.js';
import { addressesIn } from './support.js';

/**
 * Issue #19, finding 3: 60 wrong client secrets sent at once were checked 43 times against a
 * limit of 10, because every request read the failures before any of them was written. Now a
 * wrong secret is answered invalid_client only if its failure could be recorded in the same
 * atomic step as the throttle's check; beyond the limit the answer is 429, right secret or not.
 */
describe('Security: parallel client-secret guesses get no more than the throttle allows', function () {
  this.timeout(120_000);
  let t: TestApp;
  const newAddress = addressesIn('198.19');

  before(async () => {
    t = await startTestApp({ config: { rateLimitStandard: 1_000_000 } });
  });
  after(() => t.close());

  const token = (client: TestClient, secret: string, remoteAddress: string): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress,
      payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret },
    });

  const count = (responses: LightMyRequestResponse[], status: number) => responses.filter((response) => response.statusCode === status).length;

  it(`answers at most ${clientAuthenticationThrottle.maxFailures} of 60 parallel wrong secrets from one address, and refuses the right one after them`, async () => {
    const client = await registerClient(t.app, ['read:policies']);
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => token(client, i >= 57 ? client.clientSecret : `wrong-secret-${i}`, address)));
    expect(count(answers, 401), answers.map((a) => a.statusCode).join(',')).to.be.at.most(clientAuthenticationThrottle.maxFailures);
    expect(count(answers, 200)).to.equal(0);
    for (const refused of answers.filter((a) => a.statusCode !== 401)) expectOAuthError(refused, 429, 'too_many_attempts');
    const failures = await t.app.db('credential_attempts').where({ throttle: 'client-authentication', failed: true }).count<{ count: string }[]>('* as count');
    expect(Number(failures[0]!.count)).to.equal(count(answers, 401));
    const late = await token(client, client.clientSecret, address);
    expectOAuthError(late, 429, 'too_many_attempts');
    expect(Number(late.headers['retry-after'])).to.be.within(1, clientAuthenticationThrottle.windowSeconds);
  });

  it('refuses the right secret after the limit even when this replica already holds the client and a clear verdict for its address', async () => {
    const client = await registerClient(t.app, ['read:policies']);
    const address = newAddress();
    expect((await token(client, client.clientSecret, address)).statusCode).to.equal(200);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => token(client, `wrong-secret-${i}`, address)));
    expect(count(answers, 401)).to.equal(clientAuthenticationThrottle.maxFailures);
    expectOAuthError(await token(client, client.clientSecret, address), 429, 'too_many_attempts');
  });

  it('refuses right secrets sent after the limit among wrong ones for a client already known (none is let in ahead of the failures)', async () => {
    const client = await registerClient(t.app, ['read:policies']);
    const address = newAddress();
    expect((await token(client, client.clientSecret, address)).statusCode).to.equal(200);
    // One right secret after every 19 wrong ones: each comes after the tenth failure, however fast
    // its own check is (the client and a clear verdict are in memory, so it needs one read only).
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => token(client, i % 20 === 19 ? client.clientSecret : `wrong-secret-${i}`, address)));
    expect(count(answers, 401)).to.be.at.most(clientAuthenticationThrottle.maxFailures);
    expect(
      answers.flatMap((answer, i) => (answer.statusCode === 200 ? [i] : [])),
      'let in',
    ).to.deep.equal([]);
    expectOAuthError(await token(client, client.clientSecret, address), 429, 'too_many_attempts');
  });

  it('never throttles a burst of right secrets from one service', async () => {
    const client = await registerClient(t.app, ['read:policies']);
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 60 }, () => token(client, client.clientSecret, address)));
    expect(answers.map((a) => a.statusCode)).to.deep.equal(Array(60).fill(200));
  });

  it('does not lock the client out from another address after a flood from one address', async () => {
    const client = await registerClient(t.app, ['read:policies']);
    const flooded = newAddress();
    await Promise.all(Array.from({ length: 60 }, (_, i) => token(client, `wrong-secret-${i}`, flooded)));
    expect((await token(client, client.clientSecret, newAddress())).statusCode).to.equal(200);
  });

  it(`holds the per-client ceiling (${clientAuthenticationThrottle.accountMaxFailures}) across addresses guessing at once, then locks the client_id everywhere`, async () => {
    const client = await registerClient(t.app, ['read:policies']);
    const guesses = clientAuthenticationThrottle.accountMaxFailures + 50;
    const answers = await Promise.all(
      Array.from({ length: guesses }, (_, i) => token(client, i >= guesses - 3 ? client.clientSecret : `wrong-secret-${i}`, newAddress())),
    );
    expect(count(answers, 401)).to.be.at.most(clientAuthenticationThrottle.accountMaxFailures);
    expect(count(answers, 200)).to.equal(0);
    const owner = await token(client, client.clientSecret, newAddress());
    expectOAuthError(owner, 429, 'too_many_attempts');
    expect(Number(owner.headers['retry-after'])).to.be.within(clientAuthenticationThrottle.lockoutSeconds - 60, clientAuthenticationThrottle.lockoutSeconds);
  });
});

import { expect } from 'chai';
import { clientAuthenticationThrottle, knownAddressSeconds } from '../../server/src/security/failure-throttle.js';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { basicAuthorization } from '../helpers/credentials.js';
import { expectOAuthError } from '../helpers/responses.js';

describe('Brute-force throttling of client authentication', () => {
  let t: TestApp;
  let client: TestClient;

  before(async () => {
    t = await startTestApp();
    client = await registerClient(t.app, ['read:principals']);
  });
  after(() => t.close());

  const token = (secret: string, remoteAddress: string, clientId = client.clientId) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress,
      payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
    });

  async function failTimes(times: number, remoteAddress: string, clientId = client.clientId): Promise<void> {
    for (let i = 0; i < times; i++) expectOAuthError(await token('wrong-secret', remoteAddress, clientId), 401, 'invalid_client');
  }

  it(`refuses a client with 429 too_many_attempts and Retry-After after ${clientAuthenticationThrottle.maxFailures} failures from one address, even with the right secret`, async () => {
    await failTimes(clientAuthenticationThrottle.maxFailures, '198.51.100.1');
    for (const secret of ['wrong-secret', client.clientSecret]) {
      const refused = await token(secret, '198.51.100.1');
      const body = expectOAuthError(refused, 429, 'too_many_attempts');
      expect(body.error_description).to.match(/try again in \d+ s/);
      expect(Number(refused.headers['retry-after'])).to.be.within(clientAuthenticationThrottle.windowSeconds - 60, clientAuthenticationThrottle.windowSeconds);
    }
  });

  it('does not lock the client out from another address', async () => {
    await failTimes(clientAuthenticationThrottle.maxFailures, '198.51.100.2');
    expect((await token(client.clientSecret, '198.51.100.3')).statusCode).to.equal(200);
  });

  it('allows the client again once the failures are older than the window', async () => {
    await failTimes(clientAuthenticationThrottle.maxFailures, '198.51.100.4');
    expectOAuthError(await token(client.clientSecret, '198.51.100.4'), 429, 'too_many_attempts');
    await t.app.db('credential_attempts').update({ attempted_at: new Date(Date.now() - (clientAuthenticationThrottle.windowSeconds + 1) * 1000) });
    expect((await token(client.clientSecret, '198.51.100.4')).statusCode).to.equal(200);
  });

  it('throttles an unknown client_id the same way, so the throttle does not tell which clients exist', async () => {
    await failTimes(clientAuthenticationThrottle.maxFailures, '198.51.100.5', 'no-such-client');
    expectOAuthError(await token('anything', '198.51.100.5', 'no-such-client'), 429, 'too_many_attempts');
  });

  it('counts failures at the revocation and introspection endpoints too, with HTTP Basic', async () => {
    const remoteAddress = '198.51.100.6';
    const wrong = basicAuthorization(client.clientId, 'wrong-secret');
    for (let i = 0; i < clientAuthenticationThrottle.maxFailures; i++) {
      const url = i % 2 === 0 ? '/v1/oauth/revoke' : '/v1/oauth/introspect';
      expectOAuthError(await t.app.inject({ method: 'POST', url, remoteAddress, headers: wrong, payload: { token: 'x' } }), 401, 'invalid_client');
    }
    expectOAuthError(await token(client.clientSecret, remoteAddress), 429, 'too_many_attempts');
  });

  describe('known addresses (issue #34, finding 9: eleven addresses locked a client out everywhere)', () => {
    const guessers = Array.from({ length: 11 }, (_, i) => `127.0.0.${i + 2}`);
    const owner = '127.0.0.1';

    /** Every guesser sends more wrong secrets than its address's budget, all at once: 401 until the limits, then 429. */
    async function guessFromEverywhere(clientId: string): Promise<void> {
      const answers = await Promise.all(
        guessers.flatMap((address) => Array.from({ length: clientAuthenticationThrottle.maxFailures + 1 }, () => token('wrong-secret', address, clientId))),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).to.be.oneOf([401, 429]);
      expect(answers.filter((answer) => answer.statusCode === 401).length).to.equal(clientAuthenticationThrottle.accountMaxFailures);
    }

    it('lets the owner in from an address that authenticated the client, while guessers from 11 others lock it out everywhere else', async () => {
      const owned = await registerClient(t.app, ['read:principals']);
      expect((await token(owned.clientSecret, owner, owned.clientId)).statusCode).to.equal(200);
      await guessFromEverywhere(owned.clientId);
      // The right secret from an address that never authenticated the client waits out the lockout
      // like a guess would: a right guess must not be told apart (docs/security.md, "Known addresses").
      const stranger = await token(owned.clientSecret, '127.0.0.200', owned.clientId);
      expectOAuthError(stranger, 429, 'too_many_attempts');
      const ownerAnswers = await Promise.all(Array.from({ length: 5 }, () => token(owned.clientSecret, owner, owned.clientId)));
      expect(ownerAnswers.map((answer) => answer.statusCode)).to.deep.equal([200, 200, 200, 200, 200]);
    });

    it('counts no failure of a known address towards the lockout, yet holds it to its own budget', async () => {
      const owned = await registerClient(t.app, ['read:principals']);
      const known = Array.from({ length: 11 }, (_, i) => `127.0.1.${i + 1}`);
      for (const address of known) expect((await token(owned.clientSecret, address, owned.clientId)).statusCode).to.equal(200);
      const answers = await Promise.all(
        known.flatMap((address) => Array.from({ length: clientAuthenticationThrottle.maxFailures }, () => token('wrong', address, owned.clientId))),
      );
      expect(answers.every((answer) => answer.statusCode === 401)).to.equal(true);
      expectOAuthError(await token(owned.clientSecret, known[0]!, owned.clientId), 429, 'too_many_attempts');
      expect((await token(owned.clientSecret, '127.0.1.200', owned.clientId)).statusCode, 'no lockout').to.equal(200);
    });

    it(`forgets an address ${knownAddressSeconds / 3600} hours after its last success: the lockout refuses it again`, async () => {
      const owned = await registerClient(t.app, ['read:principals']);
      expect((await token(owned.clientSecret, owner, owned.clientId)).statusCode).to.equal(200);
      await guessFromEverywhere(owned.clientId);
      await t.app.db('credential_known_addresses').update({ succeeded_at: new Date(Date.now() - (knownAddressSeconds + 1) * 1000) });
      expectOAuthError(await token(owned.clientSecret, owner, owned.clientId), 429, 'too_many_attempts');
    });
  });

  it('records every throttled attempt as an auth.failed event', async () => {
    await failTimes(clientAuthenticationThrottle.maxFailures, '198.51.100.7');
    await token(client.clientSecret, '198.51.100.7');
    await t.app.auditLog.idle();
    const rows: Array<{ data: { reason?: string } | string }> = await t.app.db('audit_events').where({ type: 'auth.failed' }).select('data');
    const reasons = rows.map((row) => (typeof row.data === 'string' ? (JSON.parse(row.data) as { reason?: string }) : row.data).reason ?? '');
    expect(reasons.some((reason) => /Client authentication failed too often for this client \(10 times in 15 minutes from one address/.test(reason))).to.equal(
      true,
    );
  });
});

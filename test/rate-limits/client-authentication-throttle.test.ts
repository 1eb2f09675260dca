import { expect } from 'chai';
import { clientAuthenticationThrottle } from '../../server/src/security/failure-throttle.js';
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

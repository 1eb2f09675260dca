import { expect } from 'chai';
import { deleteClient, rotateClientSecret, systemContext } from '../../server/src/admin/index.js';
import { registerClient, startTestApp, type TestApp } from '../helpers/app.js';

// The token endpoint keeps clients and throttle failures in memory (domains/oauth/client-auth-cache.ts);
// these check that a change made through another replica is honoured by the very next request.
describe('client authentication across replicas', () => {
  let first: TestApp;
  let second: TestApp;

  before(async () => {
    first = await startTestApp();
    second = await startTestApp({ databaseUrl: first.config.databaseUrl, config: { keyEncryptionKey: first.config.keyEncryptionKey } });
  });
  after(async () => {
    await second?.close();
    await first?.close();
  });

  const token = (t: TestApp, clientId: string, secret: string) =>
    t.app.inject({ method: 'POST', url: '/v1/oauth/token', payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } });

  it('refuses the old secret on every replica from the request after a rotation on one', async () => {
    const client = await registerClient(first.app, ['read:policies']);
    expect((await token(second, client.clientId, client.clientSecret)).statusCode, 'cached on the second replica').to.equal(200);
    const rotation = await rotateClientSecret(first.app, systemContext('system:test'), client.clientId);
    if (!rotation.rotated) expect.fail(`not rotated: ${rotation.reason}`);
    const old = await token(second, client.clientId, client.clientSecret);
    expect(old.statusCode, old.body).to.equal(401);
    expect(old.json().error).to.equal('invalid_client');
    expect((await token(second, client.clientId, rotation.secret)).statusCode).to.equal(200);
  });

  it('refuses a client deleted on another replica at once', async () => {
    const client = await registerClient(first.app, ['read:policies']);
    expect((await token(second, client.clientId, client.clientSecret)).statusCode).to.equal(200);
    await deleteClient(first.app, systemContext('system:test'), client.clientId);
    expect((await token(second, client.clientId, client.clientSecret)).statusCode).to.equal(401);
  });

  it('counts secret-guessing failures made on either replica in one throttle', async () => {
    const client = await registerClient(first.app, ['read:policies']);
    // From the same address (inject's 127.0.0.1), half the guesses on each replica.
    for (let n = 0; n < 10; n++) expect((await token(n % 2 ? first : second, client.clientId, `wrong-${n}`)).statusCode).to.equal(401);
    const throttled = await token(second, client.clientId, client.clientSecret);
    expect(throttled.statusCode, throttled.body).to.equal(429);
    expect(throttled.headers['retry-after']).to.match(/^\d+$/);
  });
});

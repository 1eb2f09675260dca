import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { freshDatabase } from '../helpers/database.js';
import { expectOAuthError, expectProblem } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';
import { TcpProxy } from '../helpers/tcp-proxy.js';

describe('GET /v1/health and GET /v1/ready', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  it('answers /health with 200 and status ok, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).to.equal(200);
    expectSchema('health', response.json());
    expect(response.json().status).to.equal('ok');
  });

  it('answers /ready with 200 and the database check ok, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/ready' });
    expect(response.statusCode).to.equal(200);
    const body = response.json();
    expectSchema('health', body);
    expect(body.status).to.equal('ok');
    expect(body.checks.database.status).to.equal('ok');
    expect(body.checks.database.latency_ms).to.be.a('number');
  });
});

/**
 * The database is taken away behind a TCP proxy: open connections are reset and new ones refused,
 * as when PostgreSQL stops or the network splits. Each test takes it away and brings it back.
 */
describe('when the database is unreachable', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let client: TestClient;
  let token: string;
  before(async () => {
    const started = await TcpProxy.start(await freshDatabase());
    proxy = started.proxy;
    t = await startTestApp({ databaseUrl: started.url });
    client = await registerClient(t.app, ['admin:all']);
    token = await accessToken(t.app, client);
  });
  afterEach(async () => proxy.restore());
  after(async () => {
    await t.close();
    await proxy.close();
  });

  it('answers /ready with 503 and the database check unavailable', async () => {
    await proxy.cut();
    const response = await t.app.inject({ method: 'GET', url: '/v1/ready' });
    expect(response.statusCode).to.equal(503);
    const body = response.json();
    expectSchema('health', body);
    expect(body).to.include({ status: 'unavailable' });
    expect(body.checks.database.status).to.equal('unavailable');
  });

  it('keeps answering /health with 200: the process is alive, only not ready', async () => {
    await proxy.cut();
    expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).to.equal(200);
  });

  it('answers /ready with 200 again once the database is back', async () => {
    await proxy.cut();
    expect((await t.app.inject({ method: 'GET', url: '/v1/ready' })).statusCode).to.equal(503);
    await proxy.restore();
    const response = await t.app.inject({ method: 'GET', url: '/v1/ready' });
    expect(response.statusCode, response.body).to.equal(200);
  });

  it('answers an authenticated REST call with 503 service_unavailable and Retry-After, not 500', async () => {
    await proxy.cut();
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/token', headers: bearer(token), payload: { name: 'x', scopes: ['read:audit'] } });
    expectProblem(response, 503, 'service_unavailable');
    expect(response.headers['retry-after']).to.be.a('string');
  });

  it('answers the token endpoint with 503 temporarily_unavailable, not 500', async () => {
    await proxy.cut();
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
    });
    expectOAuthError(response, 503, 'temporarily_unavailable');
  });
});

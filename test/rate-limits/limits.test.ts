import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectOAuthError, expectProblem } from '../helpers/responses.js';
import { clockInOneWindow, evaluateBody, rateLimitOf } from './support.js';

describe('Rate limits per client and minute', () => {
  let t: TestApp;
  let limited: TestClient;
  let token: string;

  before(async () => {
    t = await startTestApp();
    limited = await registerClient(t.app, ['admin:all']);
    token = await accessToken(t.app, limited);
  });
  after(() => t.close());

  /** A second app on the same database whose config gives `limited` small limits; its rate-limit clock stands still in one window at `now`. */
  async function withOverride(
    limits: { standard?: number; decision?: number; bulk?: number },
    run: (app: TestApp, now: number) => Promise<void>,
  ): Promise<void> {
    const clock = clockInOneWindow();
    const app = await startTestApp({
      databaseUrl: t.config.databaseUrl,
      config: { keyEncryptionKey: t.config.keyEncryptionKey, rateLimitOverrides: { [limited.clientId]: limits } },
      buildOptions: { rateLimitClock: clock },
    });
    try {
      await run(app, clock());
    } finally {
      await app.close();
    }
  }

  it('answers the default policies of the spec: 1,000 standard, 10,000 decision and 100 bulk requests a minute', async () => {
    const standard = await t.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer(token) });
    const decision = await t.app.inject({ method: 'POST', url: '/v1/decisions/evaluate', headers: bearer(token), payload: evaluateBody });
    const bulk = await t.app.inject({ method: 'POST', url: '/v1/decisions/batch', headers: bearer(token), payload: { requests: [evaluateBody] } });
    expect([standard.statusCode, decision.statusCode, bulk.statusCode]).to.deep.equal([200, 200, 200]);
    expect(standard.headers['ratelimit-policy']).to.equal('"standard";q=1000;w=60');
    expect(decision.headers['ratelimit-policy']).to.equal('"decision";q=10000;w=60');
    expect(bulk.headers['ratelimit-policy']).to.equal('"bulk";q=100;w=60');
  });

  it('refuses the request past the limit with 429 rate_limited, Retry-After and the headers at zero', async () => {
    await withOverride({ standard: 3 }, async (app, now) => {
      const remaining: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await app.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer(token) });
        expect(response.statusCode).to.equal(200);
        remaining.push(rateLimitOf(response).remaining);
        expect(response.headers['x-ratelimit-limit']).to.equal('3');
        expect(response.headers['x-ratelimit-remaining']).to.equal(String(2 - i));
      }
      expect(remaining).to.deep.equal([2, 1, 0]);
      const refused = await app.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer(token) });
      const problem = expectProblem(refused, 429, 'rate_limited');
      expect(problem.detail).to.match(/More than 3 standard requests in a minute/);
      const state = rateLimitOf(refused);
      expect(state).to.include({ policy: 'standard', remaining: 0, quota: 3, window: 60 });
      expect(state.reset).to.be.within(1, 60);
      expect(refused.headers['retry-after']).to.equal(String(state.reset));
      expect(Number(refused.headers['x-ratelimit-reset'])).to.equal(now / 1000 + state.reset);
    });
  });

  it('counts standard, decision and bulk requests separately', async () => {
    await withOverride({ standard: 1, decision: 2, bulk: 1 }, async (app) => {
      const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
        app.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
      expect((await inject('GET', '/v1/principals')).statusCode).to.equal(200);
      expect((await inject('GET', '/v1/principals')).statusCode).to.equal(429);
      // The standard quota is spent; decisions and bulk operations have their own.
      const first = await inject('POST', '/v1/decisions/evaluate', evaluateBody);
      expect(first.statusCode).to.equal(200);
      expect(rateLimitOf(first)).to.include({ policy: 'decision', remaining: 1 });
      const decisionId = (first.json() as { id: string }).id;
      const read = await inject('GET', `/v1/decisions/${decisionId}`);
      expect(read.statusCode).to.equal(200);
      expect(rateLimitOf(read)).to.include({ policy: 'decision', remaining: 0 });
      expect((await inject('POST', '/v1/decisions/evaluate', evaluateBody)).statusCode).to.equal(429);
      const bulk = await inject('POST', '/v1/decisions/batch', { requests: [evaluateBody] });
      expect(bulk.statusCode).to.equal(200);
      expect(rateLimitOf(bulk)).to.include({ policy: 'bulk', remaining: 0 });
      expectProblem(await inject('POST', '/v1/audit/reports', { kind: 'access_summary' }), 429, 'rate_limited');
    });
  });

  it('counts each client on its own: another client is not limited by the first', async () => {
    const other = await registerClient(t.app, ['read:principals']);
    const otherToken = await accessToken(t.app, other);
    await withOverride({ standard: 1 }, async (app) => {
      await app.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer(token) });
      expect((await app.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer(token) })).statusCode).to.equal(429);
      const response = await app.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer(otherToken) });
      expect(response.statusCode).to.equal(200);
      expect(rateLimitOf(response)).to.include({ quota: 1000 });
    });
  });

  it('sends the headers on every kind of answer: success, 400, 401, 403, 404, public routes, OAuth errors and pages', async () => {
    const reader = await accessToken(t.app, await registerClient(t.app, ['read:principals']));
    const responses = {
      ok: await t.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer(token) }),
      invalid: await t.app.inject({ method: 'POST', url: '/v1/principals', headers: bearer(token), payload: { nonsense: true } }),
      noToken: await t.app.inject({ method: 'GET', url: '/v1/principals' }),
      badToken: await t.app.inject({ method: 'GET', url: '/v1/principals', headers: bearer('not-a-token') }),
      forbidden: await t.app.inject({ method: 'POST', url: '/v1/principals', headers: bearer(reader), payload: {} }),
      noRoute: await t.app.inject({ method: 'GET', url: '/v1/nowhere' }),
      missing: await t.app.inject({ method: 'GET', url: '/v1/principals/nobody', headers: bearer(token) }),
      health: await t.app.inject({ method: 'GET', url: '/v1/health' }),
      jwks: await t.app.inject({ method: 'GET', url: '/v1/oauth/.well-known/jwks.json' }),
      oauthError: await t.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        payload: { grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'wrong' },
      }),
      page: await t.app.inject({ method: 'GET', url: '/v1/ui/sign-in' }),
    };
    expect(Object.fromEntries(Object.entries(responses).map(([name, r]) => [name, r.statusCode]))).to.deep.equal({
      ok: 200,
      invalid: 400,
      noToken: 401,
      badToken: 401,
      forbidden: 403,
      noRoute: 404,
      missing: 404,
      health: 200,
      jwks: 200,
      oauthError: 401,
      page: 200,
    });
    for (const [name, response] of Object.entries(responses)) {
      expect(rateLimitOf(response).policy, name).to.equal('standard');
      expect(response.headers['x-ratelimit-limit'], name).to.equal('1000');
    }
  });

  it('counts requests without a token per client address, and answers OAuth endpoints over the limit with an RFC 6749 body and pages with an HTML page', async () => {
    const app = await startTestApp({
      databaseUrl: t.config.databaseUrl,
      config: { keyEncryptionKey: t.config.keyEncryptionKey, rateLimitStandard: 2 },
      buildOptions: { rateLimitClock: clockInOneWindow() },
    });
    try {
      const token = (from: string) =>
        app.app.inject({
          method: 'POST',
          url: '/v1/oauth/token',
          remoteAddress: from,
          payload: { grant_type: 'client_credentials', client_id: limited.clientId, client_secret: limited.clientSecret },
        });
      expect((await token('192.0.2.1')).statusCode).to.equal(200);
      expect((await app.app.inject({ method: 'GET', url: '/v1/health', remoteAddress: '192.0.2.1' })).statusCode).to.equal(200);
      const refused = await token('192.0.2.1');
      expectOAuthError(refused, 429, 'too_many_requests');
      expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
      expect(rateLimitOf(refused)).to.include({ remaining: 0, quota: 2 });
      expect((await token('192.0.2.2')).statusCode).to.equal(200);
      // The pages are counted the same way, and answer an HTML page when over the limit.
      const page = () => app.app.inject({ method: 'GET', url: '/v1/ui/sign-in', remoteAddress: '192.0.2.3' });
      await page();
      await page();
      const refusedPage = await page();
      expect(refusedPage.statusCode).to.equal(429);
      expect(refusedPage.headers['content-type']).to.match(/^text\/html/);
      expect(refusedPage.body).to.include('rate_limited');
      expect(Number(refusedPage.headers['retry-after'])).to.be.within(1, 60);
    } finally {
      await app.close();
    }
  });

  it("documents each operation's class and its 429 answer in the OpenAPI document", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-rate-limit-class': string; responses: Record<string, unknown> }>>;
    };
    expect(document.paths['/decisions/evaluate']!.post!['x-rate-limit-class']).to.equal('decision');
    expect(document.paths['/decisions/{id}']!.get!['x-rate-limit-class']).to.equal('decision');
    expect(document.paths['/decisions/batch']!.post!['x-rate-limit-class']).to.equal('bulk');
    expect(document.paths['/audit/reports']!.post!['x-rate-limit-class']).to.equal('bulk');
    expect(document.paths['/principals']!.get!['x-rate-limit-class']).to.equal('standard');
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) expect(operation.responses, `${method} ${path}`).to.have.property('429');
    }
  });
});

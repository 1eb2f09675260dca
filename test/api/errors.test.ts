import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer, createApiToken } from '../helpers/credentials.js';
import { expectProblem } from '../helpers/responses.js';

/**
 * Every REST error is RFC 9457 problem+json with type, title, status, detail, code and request_id
 * (expectProblem checks them against schemas/problem.json). POST /v1/auth/token (admin:all) is the
 * JSON route under test.
 */
describe('REST API errors (RFC 9457)', () => {
  let t: TestApp;
  let adminToken: string;
  before(async () => {
    t = await startTestApp({ config: { bodyLimit: 2048 } });
    adminToken = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
  });
  after(async () => t.close());

  const postToken = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/v1/auth/token', headers: { ...bearer(adminToken), 'content-type': contentType }, payload });

  describe('bodies', () => {
    it('answers malformed JSON with 400 malformed_body', async () => {
      expectProblem(await postToken('{"name": "x", "scopes": ['), 400, 'malformed_body');
    });

    it('answers text/plain to a JSON route with 415 unsupported_media_type', async () => {
      expectProblem(await postToken('{"name":"x","scopes":["read:audit"]}', 'text/plain'), 415, 'unsupported_media_type');
    });

    it('answers a form body to a REST route with 415: forms are for the OAuth endpoints and pages only', async () => {
      expectProblem(await postToken('name=x&scopes=read%3Aaudit', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
    });

    it('answers an unknown media type with 415 unsupported_media_type', async () => {
      expectProblem(await postToken('<token/>', 'application/xml'), 415, 'unsupported_media_type');
    });

    it('answers a body over the configured limit with 413 payload_too_large', async () => {
      const big = JSON.stringify({ name: 'x'.repeat(3000), scopes: ['read:audit'] });
      expectProblem(await postToken(big), 413, 'payload_too_large');
    });

    it('accepts a body just under the configured limit', async () => {
      const body = JSON.stringify({ name: 'x', scopes: ['read:audit'], pad: '' });
      const padded = body.replace('"pad":""', `"pad":"${'y'.repeat(2000 - body.length)}"`);
      expect(Buffer.byteLength(padded)).to.be.below(2048);
      // Not 413: the limit lets it through to validation, which refuses the unknown field.
      expectProblem(await postToken(padded), 400, 'validation_failed');
    });

    it('answers an unknown field with 400 validation_failed whose errors[] names /extra', async () => {
      const problem = expectProblem(await postToken(JSON.stringify({ name: 'x', scopes: ['read:audit'], extra: true })), 400, 'validation_failed');
      expect(problem.errors).to.deep.include({ pointer: '/extra', in: 'body', detail: 'is not a known field' });
    });

    it('names each missing required field in errors[]', async () => {
      const problem = expectProblem(await postToken('{}'), 400, 'validation_failed');
      const pointers = (problem.errors as Array<{ pointer: string }>).map((e) => e.pointer);
      expect(pointers).to.include.members(['/name', '/scopes']);
    });

    it('answers a JSON body with a __proto__ key with 400, not 500, and creates nothing', async () => {
      const before = await t.app.db('api_tokens').count<{ count: number }[]>('* as count');
      const response = await postToken('{"name":"x","scopes":["read:audit"],"__proto__":{"polluted":true}}');
      expectProblem(response, 400, 'malformed_body');
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
      const after = await t.app.db('api_tokens').count<{ count: number }[]>('* as count');
      expect(after[0]!.count).to.equal(before[0]!.count);
    });

    it('answers a JSON body with constructor.prototype with 400, not 500', async () => {
      expectProblem(await postToken('{"name":"x","scopes":["read:audit"],"constructor":{"prototype":{"polluted":true}}}'), 400, 'malformed_body');
    });

    it('answers a JSON array where an object belongs with 400 validation_failed', async () => {
      expectProblem(await postToken('[{"name":"x","scopes":["read:audit"]}]'), 400, 'validation_failed');
    });
  });

  describe('routes', () => {
    it('answers an unknown route with 404 route_not_found', async () => {
      const problem = expectProblem(await t.app.inject({ method: 'GET', url: '/v1/no-such-thing?x=1' }), 404, 'route_not_found');
      expect(problem.instance).to.equal('/v1/no-such-thing');
    });

    it("answers a URL with broken percent-encoding with a 400 problem, not Fastify's own body", async () => {
      expectProblem(await t.app.inject({ method: 'GET', url: '/v1/schemas/%zz' }), 400, 'validation_failed');
    });
  });

  describe('request ids', () => {
    it('puts an x-request-id on every answer: success, client error, not found, and OAuth error', async () => {
      const answers = await Promise.all([
        t.app.inject({ method: 'GET', url: '/v1/health' }),
        postToken('{'),
        t.app.inject({ method: 'GET', url: '/v1/nowhere' }),
        t.app.inject({ method: 'POST', url: '/v1/oauth/token', payload: { grant_type: 'password' } }),
        t.app.inject({ method: 'GET', url: '/v1/%zz' }),
      ]);
      const ids = answers.map((answer) => answer.headers['x-request-id']);
      for (const id of ids)
        expect(id)
          .to.be.a('string')
          .and.match(/^[0-9a-f-]{36}$/);
      expect(new Set(ids).size).to.equal(ids.length);
    });

    it("answers the server's own id, in the header and in the problem, whatever X-Request-Id the caller sent", async () => {
      for (const incoming of ['lb-4711.abc:def_9', 'x'.repeat(200), 'has space', 'line\\nbreak', '<script>']) {
        const response = await t.app.inject({ method: 'GET', url: '/v1/nowhere', headers: { 'x-request-id': incoming } });
        expect(response.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
        expect(expectProblem(response, 404, 'route_not_found').request_id).to.equal(response.headers['x-request-id']);
      }
    });
  });
});

describe('REST API errors: internal failures', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  it('answers 500 internal_error with a generic detail, and no SQL or stack trace, when the database fails a query', async () => {
    const adminToken = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    const apiToken = await createApiToken(t.app, adminToken, { name: 'doomed', scopes: ['admin:all'] });
    await t.app.db.raw('ALTER TABLE api_tokens RENAME TO api_tokens_gone');
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(apiToken.token) });
    const problem = expectProblem(response, 500, 'internal_error');
    expect(response.body).to.not.match(/api_tokens|select|relation|at .*\.ts/i);
    expect(problem.detail).to.match(/request id/);
  });
});

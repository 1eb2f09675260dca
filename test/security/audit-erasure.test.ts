import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectOAuthError, expectProblem } from '../helpers/responses.js';
import { allowDocumentReads } from './support.js';

/**
 * Issue #19, finding 1: a string PostgreSQL cannot store (a lone UTF-16 surrogate, NUL) in a request
 * made the background audit write fail as a whole, erasing the events of other callers' failed
 * logins written beside it. The boundary now refuses such input before any handler runs.
 */
describe('Security: an anonymous caller cannot erase audit events with text PostgreSQL refuses', function () {
  this.timeout(60_000);
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ config: { rateLimitStandard: 1_000_000 } });
  });
  after(() => t.close());

  /** The failure events recorded for the given request ids (the callers' X-Request-Id). */
  async function failureEventsOf(requestIds: string[]): Promise<number> {
    await t.app.auditLog.idle();
    const row = await t.app
      .db('audit_events')
      .whereIn('client_request_id', requestIds)
      .andWhere({ type: 'auth.failed' })
      .count<{ count: string }[]>('* as count');
    return Number(row[0]!.count);
  }

  it('records every failed login sent in parallel with requests carrying lone surrogates and NUL', async () => {
    // One client per failed login: the client-secret throttle is not what this test is about.
    const clients = await Promise.all(Array.from({ length: 20 }, () => registerClient(t.app, ['read:audit'])));
    const ids = clients.map((_, i) => `failed-login-${i}`);
    const failedLogins = clients.map((client, i) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        headers: { 'content-type': 'application/json', 'x-request-id': ids[i]! },
        payload: JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'wrong-secret' }),
      }),
    );
    const hostileBodies = [
      '{"grant_type":"client_credentials","client_id":"\\ud800","client_secret":"x"}',
      '{"grant_type":"client_credentials","client_id":"a\\u0000b","client_secret":"x"}',
      '{"grant_type":"client_credentials","client_id":"\\udfff\\ud800","client_secret":"x"}',
    ];
    const hostile = Array.from({ length: 30 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        headers: { 'content-type': 'application/json' },
        payload: hostileBodies[i % hostileBodies.length]!,
      }),
    );
    const hostileForms = Array.from({ length: 10 }, () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials&client_id=a%00b&client_secret=x',
      }),
    );
    const [failed, refused, refusedForms] = await Promise.all([Promise.all(failedLogins), Promise.all(hostile), Promise.all(hostileForms)]);
    for (const response of failed) expectOAuthError(response, 401, 'invalid_client');
    expect(await failureEventsOf(ids)).to.equal(20);
    for (const response of [...refused, ...refusedForms]) expectOAuthError(response, 400, 'invalid_request');
  });

  it('refuses lone surrogates and NUL in JSON bodies, keys, query values and path parameters with 400 validation_failed naming where', async () => {
    const token = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    const body = expectProblem(
      await t.app.inject({
        method: 'POST',
        url: '/v1/principals',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{"kind":"user","name":"alice","attributes":{"team":["ok","\\ud800x"]}}',
      }),
      400,
      'validation_failed',
    );
    expect(body.errors).to.deep.include({
      pointer: '/attributes/team/1',
      in: 'body',
      detail: 'is not well-formed Unicode text: it holds a lone surrogate (U+D800 to U+DFFF) or a NUL (U+0000)',
    });
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: '/v1/principals',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{"kind":"user","name":"bob","attributes":{"\\udc00":"x"}}',
      }),
      400,
      'validation_failed',
    );
    const query = expectProblem(await t.app.inject({ method: 'GET', url: '/v1/audit/events?actor=a%00b', headers: bearer(token) }), 400, 'validation_failed');
    expect(query.errors).to.deep.equal([
      { pointer: '/actor', in: 'query', detail: 'is not well-formed Unicode text: it holds a lone surrogate (U+D800 to U+DFFF) or a NUL (U+0000)' },
    ]);
    const path = expectProblem(await t.app.inject({ method: 'DELETE', url: '/v1/principals/a%00b', headers: bearer(token) }), 400, 'validation_failed');
    expect(path.errors).to.deep.equal([
      { pointer: '/id', in: 'params', detail: 'is not well-formed Unicode text: it holds a lone surrogate (U+D800 to U+DFFF) or a NUL (U+0000)' },
    ]);
    // A well-formed pair (an emoji written as two escapes) is ordinary text.
    const emoji = await t.app.inject({
      method: 'POST',
      url: '/v1/principals',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"kind":"user","name":"carol","attributes":{"mood":"\\ud83d\\ude00"}}',
    });
    expect(emoji.statusCode, emoji.body).to.equal(201);
    expect(emoji.json().attributes.mood).to.equal('😀');
  });
});

/**
 * Issue #19, finding 2: evaluate requests with lone surrogates in their principal, sent among
 * ordinary ones, made most of the ordinary decisions fail: they shared a group-commit write.
 */
describe("Security: one caller cannot fail other callers' decisions", function () {
  this.timeout(60_000);
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ config: { rateLimitStandard: 1_000_000, rateLimitDecision: 1_000_000 } });
  });
  after(() => t.close());

  it('answers every ordinary decision sent in parallel with decisions whose principal holds lone surrogates', async () => {
    await allowDocumentReads(t.app);
    const evaluator = await accessToken(t.app, await registerClient(t.app, ['evaluate:decisions']));
    const ask = (principal: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/decisions/evaluate',
        headers: bearer(evaluator),
        payload: { principal, resource: { type: 'document', identifier: 'd1' }, action: 'read' },
      });
    const ordinary = Array.from({ length: 60 }, (_, i) => ask({ type: 'USER', id: `user-${i}` }));
    const hostile = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? ask({ type: 'USER', id: `x\ud800${i}` }) : ask({ type: 'USER', id: `y${i}`, attributes: { note: '\udfff' } }),
    );
    const [answers, refusals] = await Promise.all([Promise.all(ordinary), Promise.all(hostile)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).to.equal(200);
    for (const refusal of refusals) expectProblem(refusal, 400, 'validation_failed');
  });
});

import { expect } from 'chai';
import type { AuditEvent } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from '../policies/fixtures.js';
import { allEvents, eventsOfRequest, eventually } from './helpers.js';

/**
 * The server names every request (issue #34, finding 10): a caller's X-Request-Id is its own,
 * recorded as `request.client_request_id`, and never becomes the `request.id` of its events.
 */
describe('request ids in audit events', () => {
  let t: TestApp;
  let admin: string;
  const logLines: string[] = [];

  before(async () => {
    t = await startTestApp({ config: { logLevel: 'info' }, buildOptions: { logStream: { write: (line: string) => void logLines.push(line) } } });
    admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
  });
  after(async () => t.close());

  const createPolicy = (name: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/policies', headers: { authorization: `Bearer ${admin}`, ...headers }, payload: samplePolicy({ name }) });

  it("stores the server's id as request.id when callers, in parallel, send the id of someone else's event", async () => {
    const victim = await createPolicy('request-id-victim');
    expect(victim.statusCode, victim.body).to.equal(201);
    const victimId = victim.headers['x-request-id'] as string;
    const [victimEvent] = await eventsOfRequest(t.app, victimId);
    expect(victimEvent!.request).to.not.have.property('client_request_id');

    const copies = await Promise.all(Array.from({ length: 6 }, (_, i) => createPolicy(`request-id-copy-${i}`, { 'x-request-id': victimId })));
    for (const copy of copies) {
      expect(copy.statusCode, copy.body).to.equal(201);
      expect(copy.headers['x-request-id'], "the answer names the server's id").to.match(/^[0-9a-f-]{36}$/);
      expect(copy.headers['x-request-id']).to.not.equal(victimId);
    }
    expect((await eventsOfRequest(t.app, victimId)).map((event) => event.target.id)).to.deep.equal([victim.json().id]);
    const copied: AuditEvent[] = (await allEvents(t.app)).filter((event) => event.request.client_request_id === victimId);
    expect(copied.map((event) => event.request.id).sort()).to.deep.equal(copies.map((copy) => copy.headers['x-request-id']).sort());
    for (const event of copied) expectSchema('audit-event', event);
  });

  it("answers a problem with the server's id, and logs the caller's beside it", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/nowhere', headers: { 'x-request-id': 'lb-4711.abc:def_9' } });
    const serverId = response.headers['x-request-id'] as string;
    expect(serverId).to.match(/^[0-9a-f-]{36}$/);
    expect(response.json().request_id).to.equal(serverId);
    const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.request_id === serverId);
    expect(lines).to.not.have.lengthOf(0);
    for (const line of lines) expect(line.client_request_id).to.equal('lb-4711.abc:def_9');
  });

  it('keeps no client id that is too long or odd, and stores none of it', async () => {
    const odd = 'x'.repeat(129);
    const response = await createPolicy('request-id-odd', { 'x-request-id': odd });
    expect(response.statusCode, response.body).to.equal(201);
    const [event] = await eventsOfRequest(t.app, response.headers['x-request-id'] as string);
    expect(event!.request).to.not.have.property('client_request_id');
  });

  it('verifies the chains with events recorded with and without a client id: changes, issued tokens, decisions', async () => {
    const client = await registerClient(t.app, ['evaluate:decisions']);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'x-request-id': 'token-call-1' },
      payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
    });
    expect(issued.statusCode, issued.body).to.equal(200);
    const evaluator = issued.json().access_token as string;
    const decisions = await Promise.all(
      ['decision-call-1', 'decision-call-2', undefined].map((id) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/decisions/evaluate',
          headers: { authorization: `Bearer ${evaluator}`, ...(id ? { 'x-request-id': id } : {}) },
          payload: { principal: { type: 'USER', attributes: {} }, resource: { type: 'bucket', identifier: 'r' }, action: 'list' },
        }),
      ),
    );
    for (const decision of decisions) expect(decision.statusCode, decision.body).to.equal(200);
    const byClientId = async (id: string) => (await allEvents(t.app)).find((event) => event.request.client_request_id === id);
    // The token's event is written in the background (event-recorder.ts): poll until it is.
    expect((await eventually(() => byClientId('token-call-1'), undefined, "the token's event")).type).to.equal('auth.token_issued');
    expect((await byClientId('decision-call-2'))?.type).to.equal('decision.evaluated');

    const verified = await t.app.inject({ method: 'GET', url: '/v1/audit/verify', headers: { authorization: `Bearer ${admin}` } });
    expect(verified.statusCode, verified.body).to.equal(200);
    expect(verified.json().valid, verified.body).to.equal(true);
  });
});

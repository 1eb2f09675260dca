import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectOAuthError } from '../helpers/responses.js';
import { createTestUser, inputValue, PageAgent } from '../oauth/support/user-agent.js';

interface ListedEvent {
  type: string;
  target: { type: string; id: string };
  data?: Record<string, unknown>;
  request: { id: string | null };
}

/**
 * Issue #19, finding 12: a failed sign-in recorded the username as typed, so a password typed
 * into the username field was readable by any `read:audit` token. Failed sign-ins now name the
 * principal when the username exists, and otherwise carry only a keyed digest (HMAC-SHA256 with
 * a key derived from the server's key-encryption key) of what was typed; so does a failed client
 * authentication with a client_id that names no client.
 */
describe('Security: what a caller typed as a name never reaches the audit log', function () {
  this.timeout(60_000);
  let t: TestApp;
  let auditor: string;
  let address = 0;
  const newAgent = (): PageAgent => new PageAgent(t.app, { remoteAddress: `203.0.113.${++address}` });

  before(async () => {
    t = await startTestApp({ config: { rateLimitStandard: 1_000_000 } });
    auditor = await accessToken(t.app, await registerClient(t.app, ['read:audit']));
  });
  after(() => t.close());

  async function signIn(agent: PageAgent, username: string, password: string): Promise<LightMyRequestResponse> {
    const form = await agent.get('/v1/ui/sign-in');
    return agent.postForm('/v1/ui/sign-in', { csrf_token: inputValue(form.body, 'csrf_token'), username, password });
  }

  /** What a read:audit token reads of the auth.failed events: the whole answer, and the event of each request. */
  async function auditAnswer(): Promise<{ body: string; eventOf: (response: LightMyRequestResponse) => ListedEvent }> {
    await t.app.auditLog.idle();
    const response = await t.app.inject({ method: 'GET', url: '/v1/audit/events?type=auth.failed&limit=100', headers: bearer(auditor) });
    expect(response.statusCode, response.body).to.equal(200);
    const events = (response.json() as { data: ListedEvent[] }).data;
    return {
      body: response.body,
      eventOf: (answered) => {
        const event = events.find((candidate) => candidate.request.id === answered.headers['x-request-id']);
        expect(event, `the auth.failed event of request ${String(answered.headers['x-request-id'])}`).to.not.equal(undefined);
        return event!;
      },
    };
  }

  it('records a password typed into the username field only as a keyed digest, the same for each attempt with it, in any case', async () => {
    const typed = `Tr0ub4dor&3-${Date.now()}`;
    const agent = newAgent();
    const first = await signIn(agent, typed, 'whatever');
    const again = await signIn(agent, typed.toUpperCase(), 'whatever');
    const other = await signIn(agent, `${typed}-other`, 'whatever');
    const audit = await auditAnswer();
    expect(audit.body).to.not.include(typed);
    expect(audit.body.toLowerCase()).to.not.include(typed.toLowerCase());
    const [a, b, c] = [audit.eventOf(first), audit.eventOf(again), audit.eventOf(other)];
    expect(a.target.type).to.equal('username_digest');
    expect(a.target.id).to.match(/^[0-9a-f]{32}$/);
    expect(b.target).to.deep.equal(a.target);
    expect(c.target.id).to.not.equal(a.target.id);
    expect(a.data).to.deep.equal({ reason: 'unknown_user', credential: 'password' });
    // Keyed: not the plain SHA-256 of what was typed, which a dictionary reverses.
    for (const form of [typed, typed.toLowerCase()]) expect(audit.body).to.not.include(createHash('sha256').update(form).digest('hex').slice(0, 32));
  });

  it('names the principal, not the username as typed, when the username exists', async () => {
    const user = await createTestUser(t.app);
    const response = await signIn(newAgent(), user.username.toUpperCase(), 'wrong-password');
    expect(response.statusCode).to.equal(200);
    const event = (await auditAnswer()).eventOf(response);
    expect(event.target).to.deep.equal({ type: 'principal', id: user.id });
    expect(event.data).to.deep.equal({ reason: 'wrong_password', credential: 'password' });
  });

  it('records a throttled attempt the same way', async () => {
    const typed = `hunter2-${Date.now()}`;
    const agent = newAgent();
    for (let attempt = 0; attempt < 5; attempt += 1) await signIn(agent, typed, 'x');
    const throttled = await signIn(agent, typed, 'x');
    expect(throttled.statusCode).to.equal(429);
    const audit = await auditAnswer();
    expect(audit.body).to.not.include(typed);
    expect(audit.eventOf(throttled).target.type).to.equal('username_digest');
    expect(audit.eventOf(throttled).data).to.deep.equal({ reason: 'too_many_failures', credential: 'password' });
  });

  it('records a client_id that names no client only as a keyed digest, and a real client by its id', async () => {
    const pasted = `s3cr3t-pasted-into-client-id-${Date.now()}`;
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress: '203.0.113.200',
      payload: { grant_type: 'client_credentials', client_id: pasted, client_secret: 'x' },
    });
    expectOAuthError(unknown, 401, 'invalid_client');
    const client = await registerClient(t.app, ['read:policies']);
    const known = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress: '203.0.113.201',
      payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'wrong' },
    });
    expectOAuthError(known, 401, 'invalid_client');
    const audit = await auditAnswer();
    expect(audit.body).to.not.include(pasted);
    expect(audit.eventOf(unknown).target.type).to.equal('client_id_digest');
    expect(audit.eventOf(unknown).target.id).to.match(/^[0-9a-f]{32}$/);
    expect(audit.eventOf(known).target).to.deep.equal({ type: 'oauth_client', id: client.clientId });
  });

  it('keeps no typed name, nor an unkeyed SHA-256 of it, in the throttle rows either', async () => {
    const typed = `correct-horse-${Date.now()}`;
    const ip = '203.0.113.250';
    await signIn(new PageAgent(t.app, { remoteAddress: ip }), typed, 'x');
    const rows = JSON.stringify(await t.app.db('credential_attempts').select('*'));
    expect(rows).to.not.include(typed);
    // What the throttle stored before: SHA-256 of (throttle, name, address), reversible with a dictionary of names.
    for (const plain of [typed, `sign-in\u0000${typed}\u0000${ip}`, `sign-in\u0000${typed}`])
      expect(rows).to.not.include(createHash('sha256').update(plain).digest('hex'));
  });
});

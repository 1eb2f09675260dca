import { expect } from 'chai';
import type { LightMyRequestResponse } from 'fastify';
import type { AuditEvent } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from '../policies/fixtures.js';
import { allEvents, eventsOfRequest } from './helpers.js';

const clientIp = '203.0.113.9';
const userAgent = 'audit-test/1.0';

describe('Audit events of changes', () => {
  let t: TestApp;
  let admin: string;
  let adminSubject: string;

  before(async () => {
    t = await startTestApp();
    const client = await registerClient(t.app, ['admin:all']);
    adminSubject = client.clientId;
    admin = await accessToken(t.app, client);
  });
  after(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}, token = admin) =>
    t.app.inject({
      method,
      url,
      remoteAddress: clientIp,
      headers: { authorization: `Bearer ${token}`, 'user-agent': userAgent, ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  /** The one event the request left, checked against the schema and the request. */
  async function theEventOf(response: LightMyRequestResponse, type: string): Promise<AuditEvent> {
    const events = await eventsOfRequest(t.app, response.headers['x-request-id'] as string);
    expect(
      events.map((event) => event.type),
      `events of ${type}`,
    ).to.deep.equal([type]);
    const event = events[0]!;
    expectSchema('audit-event', event);
    expect(event.actor).to.deep.equal({ subject: adminSubject, client_id: adminSubject, token_kind: 'access_token' });
    expect(event.request).to.deep.equal({ id: response.headers['x-request-id'], ip: clientIp, user_agent: userAgent });
    expect(event.outcome).to.equal('success');
    return event;
  }

  async function createPolicy(name = `p-${Math.random().toString(36).slice(2)}`): Promise<{ id: string; name: string; version: number }> {
    const response = await call('POST', '/v1/policies', samplePolicy({ name }));
    expect(response.statusCode, response.body).to.equal(201);
    return response.json();
  }

  describe('policies', () => {
    it('POST /policies leaves one policy.created with the policy as created, at the time the policy records', async () => {
      const response = await call('POST', '/v1/policies', samplePolicy({ name: 'audited-create' }));
      const policy = response.json();
      const event = await theEventOf(response, 'policy.created');
      expect(event.target).to.deep.equal({ type: 'policy', id: policy.id });
      expect(event.change).to.deep.equal({ before: null, after: policy });
      expect(event.time).to.equal(policy.created_at);
      expect(event.chain).to.equal('change');
    });

    it('PUT /policies/{id} leaves one policy.updated with the policy before and after', async () => {
      const created = await createPolicy();
      const response = await call('PUT', `/v1/policies/${created.id}`, { name: created.name, description: 'changed', rules: samplePolicy().rules });
      expect(response.statusCode).to.equal(200);
      const event = await theEventOf(response, 'policy.updated');
      const change = event.change as { before: { version: number; description: string }; after: { version: number; description: string } };
      expect([change.before.version, change.after.version]).to.deep.equal([1, 2]);
      expect([change.before.description, change.after.description]).to.deep.equal([samplePolicy().description, 'changed']);
      expect(event.data).to.deep.equal({ version: 2 });
    });

    it('DELETE, restore and rollback each leave one event of their own type', async () => {
      const created = await createPolicy();
      await call('PUT', `/v1/policies/${created.id}`, { name: created.name, description: 'v2', rules: samplePolicy().rules });
      const deleted = await call('DELETE', `/v1/policies/${created.id}`);
      expect((await theEventOf(deleted, 'policy.deleted')).change).to.have.nested.property('after.status', 'deleted');
      const restored = await call('POST', `/v1/policies/${created.id}/restore`);
      const restoredEvent = await theEventOf(restored, 'policy.restored');
      expect(restoredEvent.change).to.have.nested.property('before.status', 'deleted');
      // Restoring writes a new version (issue #23): a new ETag for the changed representation.
      expect(restoredEvent.data).to.deep.equal({ version: 3 });
      const rolledBack = await call('POST', `/v1/policies/${created.id}/rollback`, { version: 1 });
      expect(rolledBack.statusCode, rolledBack.body).to.equal(200);
      expect((await theEventOf(rolledBack, 'policy.rolled_back')).data).to.deep.equal({ version: 4, rolled_back_to: 1 });
    });

    it('a change refused with 409 (name taken) or 412 (stale If-Match) or 404 leaves no event', async () => {
      const created = await createPolicy();
      const conflict = await call('POST', '/v1/policies', samplePolicy({ name: created.name }));
      expect(conflict.statusCode).to.equal(409);
      const stale = await call('PUT', `/v1/policies/${created.id}`, { name: created.name, rules: samplePolicy().rules }, { 'if-match': '"7"' });
      expect(stale.statusCode).to.equal(412);
      const missing = await call('DELETE', '/v1/policies/no-such-policy');
      expect(missing.statusCode).to.equal(404);
      for (const response of [conflict, stale, missing]) expect(await eventsOfRequest(t.app, response.headers['x-request-id'] as string)).to.deep.equal([]);
    });

    it('a change whose event cannot be written is rolled back with it: never one without the other', async () => {
      // As if the audit log refused the insert (disk full, a bug): the policy must not be created.
      await t.app.db.raw(`
        CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.target_type = 'policy' THEN RAISE EXCEPTION 'audit log refuses'; END IF; RETURN NEW; END $$`);
      await t.app.db.raw('CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()');
      try {
        const response = await call('POST', '/v1/policies', samplePolicy({ name: 'never-without-event' }));
        expect(response.statusCode).to.equal(500);
        expect(await t.app.db('policies').where({ name: 'never-without-event' }).first()).to.equal(undefined);
      } finally {
        await t.app.db.raw('DROP TRIGGER test_refuse_audit ON audit_events');
        await t.app.db.raw('DROP FUNCTION test_refuse_audit()');
      }
    });
  });

  describe('principals', () => {
    it('create, patch and delete each leave one event with the principal before and after, never the password', async () => {
      const created = await call('POST', '/v1/principals', { kind: 'user', name: 'grace', attributes: { level: 3 }, password: 'correct horse battery' });
      expect(created.statusCode, created.body).to.equal(201);
      const principal = created.json();
      const createdEvent = await theEventOf(created, 'principal.created');
      expect(createdEvent.target).to.deep.equal({ type: 'principal', id: principal.id });
      expect(createdEvent.change).to.deep.equal({ before: null, after: principal });

      const patched = await call('PATCH', `/v1/principals/${principal.id}`, { attributes: { level: 4 }, password: 'another long password' });
      const patchedEvent = await theEventOf(patched, 'principal.updated');
      expect(patchedEvent.change).to.have.nested.property('before.attributes.level', 3);
      expect(patchedEvent.change).to.have.nested.property('after.attributes.level', 4);
      expect(patchedEvent.data).to.deep.equal({ password_changed: true });

      const deleted = await call('DELETE', `/v1/principals/${principal.id}`);
      expect((await theEventOf(deleted, 'principal.deleted')).change).to.have.nested.property('after.status', 'deleted');

      const stored = JSON.stringify(await allEvents(t.app));
      for (const secret of ['correct horse battery', 'another long password', 'scrypt$']) expect(stored).to.not.include(secret);
    });

    it('a 409 name conflict leaves no event', async () => {
      await call('POST', '/v1/principals', { kind: 'service', name: 'billing' });
      const conflict = await call('POST', '/v1/principals', { kind: 'service', name: 'billing' });
      expect(conflict.statusCode).to.equal(409);
      expect(await eventsOfRequest(t.app, conflict.headers['x-request-id'] as string)).to.deep.equal([]);
    });
  });

  describe('API tokens', () => {
    it('create, refresh and revoke each leave one event naming the token by id, never by value or hash', async () => {
      const created = await call('POST', '/v1/auth/token', { name: 'ci', scopes: ['read:policies'] });
      expect(created.statusCode).to.equal(201);
      const token = created.json();
      const createdEvent = await theEventOf(created, 'api_token.created');
      expect(createdEvent.target).to.deep.equal({ type: 'api_token', id: token.id });
      expect(createdEvent.change).to.have.nested.property('after.name', 'ci');
      expect(createdEvent.change).to.have.deep.nested.property('after.scopes', ['read:policies']);

      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/refresh',
        remoteAddress: clientIp,
        headers: { authorization: `Bearer ${token.token}`, 'user-agent': userAgent },
      });
      expect(refreshed.statusCode, refreshed.body).to.equal(200);
      const fresh = refreshed.json();
      const [refreshedEvent] = await eventsOfRequest(t.app, refreshed.headers['x-request-id'] as string);
      expect(refreshedEvent).to.include({ type: 'api_token.refreshed' });
      expect(refreshedEvent!.target).to.deep.equal({ type: 'api_token', id: fresh.id });
      expect(refreshedEvent!.data).to.deep.equal({ replaces: token.id });
      expect(refreshedEvent!.actor).to.deep.include({ token_kind: 'api_token' });

      const revoked = await call('DELETE', '/v1/auth/revoke', { id: fresh.id });
      expect(revoked.statusCode, revoked.body).to.equal(200);
      const revokedEvent = await theEventOf(revoked, 'token.revoked');
      expect(revokedEvent.target).to.deep.equal({ type: 'api_token', id: fresh.id });
      expect(revokedEvent.change).to.have.nested.property('before.revoked_at', null);
      expect(revokedEvent.change).to.have.nested.property('after.revoked_at').that.is.a('string');

      const again = await call('DELETE', '/v1/auth/revoke', { id: fresh.id });
      expect(again.statusCode).to.equal(200);
      expect(await eventsOfRequest(t.app, again.headers['x-request-id'] as string), 'a second revocation changes nothing').to.deep.equal([]);

      const rows = await t.app.db('api_tokens').select('token_hash');
      const stored = JSON.stringify(await allEvents(t.app));
      for (const secret of [token.token, fresh.token, ...rows.map((row: { token_hash: string }) => row.token_hash)]) expect(stored).to.not.include(secret);
    });

    it('revoking an access token records token.revoked with its jti', async () => {
      const victim = await accessToken(t.app, await registerClient(t.app, ['read:policies']));
      const response = await call('DELETE', '/v1/auth/revoke', { token: victim });
      expect(response.statusCode, response.body).to.equal(200);
      const event = await theEventOf(response, 'token.revoked');
      expect(event.target).to.deep.equal({ type: 'access_token', id: response.json().id });
      expect(JSON.stringify(event)).to.not.include(victim);
    });
  });

  describe('decisions', () => {
    const request = (identifier: string) => ({
      principal: { id: 'u-1', type: 'USER', attributes: { department: 'engineering' } },
      resource: { type: 'database', identifier },
      action: 'read',
      context: { risk_score: 1 },
    });

    it('leaves one decision.evaluated per decision, with the decision id, its inputs and its result', async () => {
      const single = await call('POST', '/v1/decisions/evaluate', request('prod-1'));
      expect(single.statusCode, single.body).to.equal(200);
      const decision = single.json();
      const [event, ...others] = await eventsOfRequest(t.app, single.headers['x-request-id'] as string);
      expect(others).to.deep.equal([]);
      expectSchema('audit-event', event);
      expect(event).to.include({ id: decision.id, type: 'decision.evaluated', chain: 'decision', time: decision.timestamp });
      expect(event!.target).to.deep.equal({ type: 'resource', id: 'database/prod-1' });
      expect(event!.data).to.deep.include({ decision: decision.decision, action: 'read', resource: { type: 'database', identifier: 'prod-1' } });
      expect(event!.data).to.have.nested.property('principal.id', 'u-1');
      expect(event!.request).to.deep.equal({ id: single.headers['x-request-id'], ip: clientIp, user_agent: userAgent });

      const batch = await call('POST', '/v1/decisions/batch', { requests: [request('a'), request('b'), request('c')] });
      const ids = batch.json().results.map((result: { id: string }) => result.id);
      const events = await eventsOfRequest(t.app, batch.headers['x-request-id'] as string);
      expect(events.map((e) => e.id)).to.have.members(ids);
      expect(events.every((e) => e.type === 'decision.evaluated')).to.equal(true);
    });

    it('with auditDecisionEvents=deny, only denials get an event (every decision is still stored)', async () => {
      const denyOnly = await startTestApp({ config: { auditDecisionEvents: 'deny' } });
      try {
        const token = await accessToken(denyOnly.app, await registerClient(denyOnly.app, ['admin:all']));
        await denyOnly.app.inject({
          method: 'POST',
          url: '/v1/policies',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            ...samplePolicy({ name: 'allow-read' }),
            rules: [{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'database', identifiers: ['*'] }, actions: ['read'] }],
          },
        });
        const response = await denyOnly.app.inject({
          method: 'POST',
          url: '/v1/decisions/batch',
          headers: { authorization: `Bearer ${token}` },
          payload: { requests: [request('x'), { ...request('y'), action: 'write' }] },
        });
        const results = response.json().results as Array<{ id: string; decision: string }>;
        expect(results.map((r) => r.decision)).to.deep.equal(['allow', 'deny']);
        const events = await eventsOfRequest(denyOnly.app, response.headers['x-request-id'] as string);
        expect(events.map((e) => e.id)).to.deep.equal([results[1]!.id]);
        expect(
          await denyOnly.app
            .db('decisions')
            .whereIn(
              'id',
              results.map((r) => r.id),
            )
            .count<{ count: number }[]>({ count: '*' }),
        ).to.deep.equal([{ count: 2 }]);
      } finally {
        await denyOnly.close();
      }
    });
  });

  describe('authentication failures', () => {
    it('a rejected bearer token leaves an auth.failed with the reason, where from, and a fingerprint instead of the token', async () => {
      const forged = `acctl_${'A'.repeat(40)}ZZZZZZ`;
      const response = await call('GET', '/v1/policies', undefined, {}, forged);
      expect(response.statusCode).to.equal(401);
      await t.app.auditLog.idle();
      const [event, ...others] = await eventsOfRequest(t.app, response.headers['x-request-id'] as string);
      expect(others).to.deep.equal([]);
      expectSchema('audit-event', event);
      expect(event).to.include({ type: 'auth.failed', outcome: 'failure' });
      expect(event!.actor).to.deep.equal({ subject: 'anonymous', client_id: null, token_kind: 'anonymous' });
      expect(event!.target).to.deep.equal({ type: 'endpoint', id: 'GET /v1/policies' });
      expect(event!.request).to.deep.equal({ id: response.headers['x-request-id'], ip: clientIp, user_agent: userAgent });
      expect(event!.data).to.include({ credential: 'bearer_token', token_kind: 'api_token', reason: 'the API token is malformed (checksum mismatch)' });
      expect(event!.data.token_fingerprint).to.match(/^[0-9a-f]{16}$/);
      expect(JSON.stringify(event)).to.not.include(forged);
    });

    it('a malformed Authorization header leaves an auth.failed too', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/v1/principals', headers: { authorization: 'Basic Zm9vOmJhcg==' } });
      expect(response.statusCode).to.equal(401);
      await t.app.auditLog.idle();
      const [event] = await eventsOfRequest(t.app, response.headers['x-request-id'] as string);
      expect(event).to.include({ type: 'auth.failed', outcome: 'failure' });
      expect(event!.data).to.include({ token_kind: null, token_fingerprint: null });
    });

    it('many failures at once are written in a few group commits, none lost', async () => {
      const responses = await Promise.all(Array.from({ length: 40 }, () => call('GET', '/v1/policies', undefined, {}, 'not-a-jwt')));
      await t.app.auditLog.idle();
      const ids = responses.map((response) => response.headers['x-request-id'] as string);
      const count = await t.app.db('audit_events').whereIn('request_id', ids).andWhere({ type: 'auth.failed' }).count<{ count: number }[]>({ count: '*' });
      expect(count[0]!.count).to.equal(40);
    });
  });
});

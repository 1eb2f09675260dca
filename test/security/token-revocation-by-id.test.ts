import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer, createApiToken } from '../helpers/credentials.js';
import { expectProblem } from '../helpers/responses.js';

/**
 * Issue #19, finding 5: a `read:audit` API token revoked a `write:policies` API token of the same
 * creator by id through DELETE /v1/auth/revoke (ids are in the audit events that token can read).
 * The rules now: by value, whoever holds a token may revoke it (possession is the proof), and it
 * is audited; by id, only the token itself or admin:all.
 */
describe('Security: revoking a token by id needs that token or admin:all; by value, holding it is enough', () => {
  let t: TestApp;
  let adminToken: string;

  before(async () => {
    t = await startTestApp();
    adminToken = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
  });
  after(() => t.close());

  const revoke = (token: string, payload?: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url: '/v1/auth/revoke', headers: bearer(token), ...(payload ? { payload } : {}) });
  /** Whether a token still authenticates: 200 on a route any token may read with its scope. */
  const works = async (token: string, url = '/v1/policies'): Promise<boolean> =>
    (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode === 200;

  it('refuses a read:audit API token that revokes a sibling write:policies API token by the id it read in the audit log', async () => {
    const reader = await createApiToken(t.app, adminToken, { name: 'audit-reader', scopes: ['read:audit'] });
    const writer = await createApiToken(t.app, adminToken, { name: 'policy-writer', scopes: ['write:policies', 'read:policies'] });
    // The attack as found: the sibling's id is in an api_token.created event the reader may read.
    const events = await t.app.inject({ method: 'GET', url: '/v1/audit/events?type=api_token.created&limit=100', headers: bearer(reader.token) });
    expect(events.statusCode, events.body).to.equal(200);
    expect(JSON.stringify(events.json())).to.include(writer.id);

    const refused = await revoke(reader.token, { id: writer.id });
    const problem = expectProblem(refused, 403, 'forbidden');
    expect(String(problem.detail)).to.match(/admin:all/);
    expect(await works(writer.token), 'the sibling keeps working').to.equal(true);
    const row = await t.app.db('api_tokens').where({ id: writer.id }).first('revoked_at');
    expect(row.revoked_at).to.equal(null);
  });

  it('refuses every sibling that tries at once, and the target stays live', async () => {
    const target = await createApiToken(t.app, adminToken, { name: 'target', scopes: ['read:policies'] });
    const siblings = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createApiToken(t.app, adminToken, { name: `sibling-${i}`, scopes: ['read:audit'] })),
    );
    const answers = await Promise.all(siblings.map((sibling) => revoke(sibling.token, { id: target.id })));
    expect(answers.map((answer) => answer.statusCode)).to.deep.equal(siblings.map(() => 403));
    expect(await works(target.token)).to.equal(true);
  });

  it('answers a refused id the same whether it exists or not (no oracle for ids)', async () => {
    const narrow = await createApiToken(t.app, adminToken, { name: 'narrow', scopes: ['read:audit'] });
    const unknown = await revoke(narrow.token, { id: '00000000-0000-4000-8000-000000000000' });
    expectProblem(unknown, 403, 'forbidden');
  });

  it('lets a token revoke itself by its own id', async () => {
    const own = await createApiToken(t.app, adminToken, { name: 'own', scopes: ['read:audit'] });
    const response = await revoke(own.token, { id: own.id });
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json()).to.include({ revoked: true, token_kind: 'api_token', id: own.id });
    expect(await works(own.token, '/v1/audit/events')).to.equal(false);
  });

  it('lets admin:all revoke any API token by id', async () => {
    const victim = await createApiToken(t.app, adminToken, { name: 'by-admin', scopes: ['read:policies'] });
    expect((await revoke(adminToken, { id: victim.id })).statusCode).to.equal(200);
    expect(await works(victim.token)).to.equal(false);
  });

  it("lets whoever holds a token revoke it by value, another subject's included, and records who did", async () => {
    const owner = await registerClient(t.app, ['read:policies']);
    const leaked = await accessToken(t.app, owner);
    const leakedApiToken = await createApiToken(t.app, adminToken, { name: 'leaked', scopes: ['read:policies'] });
    const finder = await registerClient(t.app, ['read:audit']);
    const finderToken = await accessToken(t.app, finder);

    const [accessAnswer, apiAnswer] = await Promise.all([revoke(finderToken, { token: leaked }), revoke(finderToken, { token: leakedApiToken.token })]);
    expect(accessAnswer.statusCode, accessAnswer.body).to.equal(200);
    expect(apiAnswer.statusCode, apiAnswer.body).to.equal(200);
    expect(await works(leaked)).to.equal(false);
    expect(await works(leakedApiToken.token)).to.equal(false);

    await t.app.auditLog.idle();
    const events = await t.app
      .db('audit_events')
      .where({ type: 'token.revoked' })
      .whereIn('target_id', [accessAnswer.json().id, leakedApiToken.id])
      .select('actor_subject', 'data');
    expect(events).to.have.length(2);
    for (const event of events) {
      expect(event.actor_subject).to.equal(finder.clientId);
      expect(event.data).to.include({ revoked_with: 'value' });
    }
  });
});

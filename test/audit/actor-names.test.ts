import { expect } from 'chai';
import type { AuditEventList, AuditReportList } from '../../core/src/index.js';
import { createUser, deleteUser } from '../../server/src/admin/users.js';
import { systemContext } from '../../server/src/events/context.js';
import { changeEvent } from '../../server/src/events/event.js';
import type { ChangeContext, EventActor } from '../../server/src/events/types.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer, createApiToken, forgeAccessToken } from '../helpers/credentials.js';
import { expectSchema } from '../helpers/schemas.js';

const contextOf = (actor: EventActor): ChangeContext => ({ actor, request: { id: null, ip: null, user_agent: null }, now: new Date() });

describe('the names of the actors beside GET /v1/audit/events and GET /v1/audit/reports', () => {
  let t: TestApp;
  let auditor: string;
  let deployBot: string;
  let alice: string;
  let bob: string;

  before(async () => {
    t = await startTestApp();
    const admin = systemContext('system:test');
    // An OAuth client with a name of its own, acting by an access token and by an API token.
    const client = await registerClient(t.app, ['admin:all']);
    deployBot = client.clientId;
    await t.app.db('oauth_clients').where({ client_id: deployBot }).update({ name: 'Deploy bot' });
    const clientToken = await accessToken(t.app, client);
    const apiToken = (await createApiToken(t.app, clientToken, { name: 'ci', scopes: ['write:principals'] })).token;
    // A user acting through the CLI's client, and a user who acted and was deleted since.
    alice = (await createUser(t.app, admin, { username: 'alice', password: 'correct horse battery', admin: false })).id;
    bob = (await createUser(t.app, admin, { username: 'bob', password: 'correct horse battery', admin: false })).id;
    const aliceToken = await forgeAccessToken(t.app, { claims: { sub: alice, client_id: 'acctl-cli', scope: 'write:principals read:audit' } });
    const bobToken = await forgeAccessToken(t.app, { claims: { sub: bob, client_id: 'acctl-cli', scope: 'write:principals' } });
    const create = async (token: string, name: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/v1/principals', headers: bearer(token), payload: { kind: 'agent', name } });
      expect(response.statusCode, response.body).to.equal(201);
    };
    await Promise.all([create(clientToken, 'by-access-token'), create(apiToken, 'by-api-token'), create(aliceToken, 'by-alice'), create(bobToken, 'by-bob')]);
    await deleteUser(t.app, admin, 'bob');
    // Actors that name themselves, and one that names nothing stored.
    await t.app.db.transaction((trx) =>
      t.app.auditLog.append(trx, [
        changeEvent(contextOf({ subject: 'cli:root', client_id: null, token_kind: 'cli' }), 'principal.deleted', { type: 'principal', id: 'x1' }, null),
        changeEvent(
          contextOf({ subject: 'ghost-client', client_id: 'ghost-client', token_kind: 'access_token' }),
          'principal.deleted',
          { type: 'principal', id: 'x2' },
          null,
        ),
      ]),
    );
    auditor = await accessToken(t.app, await registerClient(t.app, ['read:audit']));
    const report = await t.app.inject({ method: 'POST', url: '/v1/audit/reports', headers: bearer(aliceToken), payload: { kind: 'compliance' } });
    expect(report.statusCode, report.body).to.equal(202);
  });
  after(async () => t.close());

  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(auditor) });
    expect(response.statusCode, response.body).to.equal(200);
    return response.json() as T;
  };

  it('names users by username, OAuth clients by name, and API tokens by their owner, for a caller with read:audit only', async () => {
    const page = await get<AuditEventList>('/v1/audit/events?type=principal.created');
    expectSchema('audit-event-list', page);
    const byName = (name: string) => page.data.find((event) => (event.change?.after as { name?: string } | null)?.name === name)!;
    expect(byName('by-access-token').actor).to.include({ subject: deployBot, token_kind: 'access_token' });
    expect(byName('by-api-token').actor).to.include({ subject: deployBot, token_kind: 'api_token' });
    expect(byName('by-alice').actor).to.include({ subject: alice, client_id: 'acctl-cli' });
    expect(page.names).to.deep.include({ [deployBot]: 'Deploy bot', [alice]: 'alice', 'acctl-cli': 'acctl CLI', [bob]: 'bob' });
    // Nothing but names: no secret, no hash, no other field of the principal or client.
    expect(Object.values(page.names).every((name) => typeof name === 'string')).to.equal(true);
  });

  it('keeps the last name of a deleted user and leaves out what names nothing stored or names itself', async () => {
    const page = await get<AuditEventList>('/v1/audit/events?type=principal.deleted');
    expectSchema('audit-event-list', page);
    expect(page.data.map((event) => event.actor.subject)).to.include.members(['cli:root', 'ghost-client', 'system:test']);
    expect(page.names).to.not.have.any.keys('cli:root', 'ghost-client', 'system:test');
    const all = await get<AuditEventList>('/v1/audit/events');
    expect(all.names[bob]).to.equal('bob');
  });

  it('names only the actors of the page it answers', async () => {
    const page = await get<AuditEventList>(`/v1/audit/events?actor=${encodeURIComponent(alice)}`);
    expect(page.data.length).to.be.greaterThan(0);
    expect(page.names).to.deep.equal({ [alice]: 'alice', 'acctl-cli': 'acctl CLI' });
  });

  it('looks names up with one query per kind of actor, whatever the number of actors on the page', async () => {
    const principals = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        t.app
          .db('principals')
          .insert({ id: `p-many-${index}`, kind: 'agent', name: `agent-${index}`, status: 'active', attributes: '{}', created_by: 'test' })
          .returning('id'),
      ),
    );
    await t.app.db.transaction((trx) =>
      t.app.auditLog.append(
        trx,
        principals.map(([row], index) =>
          changeEvent(
            contextOf({ subject: row!.id as string, client_id: null, token_kind: 'api_token' }),
            'principal.updated',
            { type: 'principal', id: `t${index}` },
            null,
          ),
        ),
      ),
    );
    const sql: string[] = [];
    const onQuery = (query: { sql: string }) => sql.push(query.sql);
    t.app.db.on('query', onQuery);
    let pages: AuditEventList[];
    try {
      // In parallel, as readers of one log do.
      pages = await Promise.all([1, 2, 3].map(() => get<AuditEventList>('/v1/audit/events?type=principal.updated&limit=100')));
    } finally {
      t.app.db.off('query', onQuery);
    }
    for (const page of pages) {
      expect(page.data).to.have.length(40);
      for (let index = 0; index < 40; index++) expect(page.names[`p-many-${index}`]).to.equal(`agent-${index}`);
    }
    expect(
      sql.filter((text) => /from "principals"/i.test(text)),
      sql.join('\n'),
    ).to.have.length(3);
    expect(
      sql.filter((text) => /from "oauth_clients"/i.test(text)),
      sql.join('\n'),
    ).to.have.length(3);
  });

  it('names who asked for each report in GET /v1/audit/reports', async () => {
    const list = await get<AuditReportList>('/v1/audit/reports');
    expectSchema('audit-report-list', list);
    expect(list.data.map((report) => report.requested_by.subject)).to.include(alice);
    expect(list.names).to.deep.equal({ [alice]: 'alice' });
  });
});

import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';

describe('Principals API', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  /** Passwords and is_admin need admin:all (issue #19, finding 4; test/security/privilege-escalation.test.ts). */
  let superuser: string;
  let superuserSubject: string;

  before(async () => {
    t = await startTestApp();
    const client = await registerClient(t.app, ['read:principals', 'write:principals', 'delete:principals']);
    admin = await accessToken(t.app, client);
    reader = await accessToken(t.app, await registerClient(t.app, ['read:principals']));
    const superClient = await registerClient(t.app, ['admin:all']);
    superuserSubject = superClient.clientId;
    superuser = await accessToken(t.app, superClient);
  });
  after(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token = admin, payload?: unknown, contentType = 'application/json') =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });

  it('creates a user with attributes and a password that is never returned', async () => {
    const response = await call('POST', '/v1/principals', superuser, {
      kind: 'user',
      name: 'ada',
      display_name: 'Ada Lovelace',
      attributes: { department: 'engineering', level: 3, mfa_verified: true },
      password: 'correct horse battery',
    });
    expect(response.statusCode, response.body).to.equal(201);
    const body = response.json();
    expectSchema('principal', body);
    expect(body).to.include({ kind: 'user', name: 'ada', status: 'active', has_password: true, created_by: superuserSubject });
    expect(response.body).to.not.include('correct horse');
    expect(response.body).to.not.include('scrypt');
    const row = await t.app.db('principals').where({ id: body.id }).first();
    expect(row.password_hash).to.match(/^scrypt\$/);
  });

  it('refuses a password on a service principal and an unknown kind (400)', async () => {
    expect((await call('POST', '/v1/principals', superuser, { kind: 'service', name: 'svc-x', password: 'long enough password' })).statusCode).to.equal(400);
    const unknownKind = await call('POST', '/v1/principals', admin, { kind: 'robot', name: 'r2' });
    expect(unknownKind.statusCode).to.equal(400);
    expect(unknownKind.json().errors[0].pointer).to.equal('/kind');
  });

  it('refuses nested attribute values (attributes are scalars)', async () => {
    const response = await call('POST', '/v1/principals', admin, { kind: 'service', name: 'nested', attributes: { team: { name: 'x' } } });
    expect(response.statusCode).to.equal(400);
    expect(response.json().errors[0].pointer).to.equal('/attributes/team');
  });

  it('refuses a second live principal of the same kind and name (409), case-insensitively', async () => {
    await call('POST', '/v1/principals', admin, { kind: 'service', name: 'billing' });
    expect((await call('POST', '/v1/principals', admin, { kind: 'service', name: 'Billing' })).statusCode).to.equal(409);
    expect((await call('POST', '/v1/principals', admin, { kind: 'agent', name: 'billing' })).statusCode).to.equal(201);
  });

  it('merge-patches attributes: present members replace, null removes, absent stay', async () => {
    const created = (await call('POST', '/v1/principals', admin, { kind: 'agent', name: 'agent-7', attributes: { a: '1', b: '2', c: '3' } })).json();
    const response = await call(
      'PATCH',
      `/v1/principals/${created.id}`,
      admin,
      { attributes: { a: 'one', b: null, d: true }, display_name: 'Agent Seven' },
      'application/merge-patch+json',
    );
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json().attributes).to.deep.equal({ a: 'one', c: '3', d: true });
    expect(response.json().display_name).to.equal('Agent Seven');
    const cleared = await call('PATCH', `/v1/principals/${created.id}`, admin, { display_name: null });
    expect(cleared.json().display_name).to.equal(null);
  });

  it('refuses to change kind with PATCH', async () => {
    const created = (await call('POST', '/v1/principals', admin, { kind: 'service', name: 'svc-kind' })).json();
    const response = await call('PATCH', `/v1/principals/${created.id}`, admin, { kind: 'user' });
    expect(response.statusCode).to.equal(400);
  });

  it('lists with the pagination envelope, filtered by kind, attribute and search', async () => {
    const lt = await startTestApp();
    try {
      const token = await accessToken(lt.app, await registerClient(lt.app, ['read:principals', 'write:principals']));
      const make = (payload: unknown) =>
        lt.app.inject({ method: 'POST', url: '/v1/principals', headers: { authorization: `Bearer ${token}` }, payload: payload as object });
      await make({ kind: 'user', name: 'grace', display_name: 'Grace Hopper', attributes: { department: 'engineering' } });
      await make({ kind: 'user', name: 'linus', attributes: { department: 'sales' } });
      await make({ kind: 'service', name: 'ci', attributes: { department: 'engineering', tier: 1 } });
      const list = async (query: string) =>
        (await lt.app.inject({ method: 'GET', url: `/v1/principals${query}`, headers: { authorization: `Bearer ${token}` } })).json();
      const all = await list('');
      expectSchema('principal-list', all);
      expect(all.pagination).to.deep.equal({ total: 3, page: 1, per_page: 50, pages: 1 });
      expect((await list('?kind=user')).pagination.total).to.equal(2);
      expect((await list('?attribute=department=engineering')).data.map((p: { name: string }) => p.name).sort()).to.deep.equal(['ci', 'grace']);
      expect((await list('?attribute=department=engineering&attribute=tier=1')).data.map((p: { name: string }) => p.name)).to.deep.equal(['ci']);
      expect((await list('?q=hopper')).data.map((p: { name: string }) => p.name)).to.deep.equal(['grace']);
      expect((await list('?limit=2&page=2')).data).to.have.length(1);
      const tooMany = await lt.app.inject({ method: 'GET', url: '/v1/principals?limit=101', headers: { authorization: `Bearer ${token}` } });
      expect(tooMany.statusCode).to.equal(400);
    } finally {
      await lt.close();
    }
  });

  it('soft-deletes: gone from the list and from get-by-status, name free again; needs delete:principals', async () => {
    const created = (await call('POST', '/v1/principals', admin, { kind: 'service', name: 'temp-svc' })).json();
    expect((await call('DELETE', `/v1/principals/${created.id}`, reader)).statusCode).to.equal(403);
    const deleted = await call('DELETE', `/v1/principals/${created.id}`);
    expect(deleted.statusCode).to.equal(200);
    expect(deleted.json()).to.include({ status: 'deleted' });
    expect((await call('GET', '/v1/principals?kind=service&q=temp-svc')).json().data).to.deep.equal([]);
    expect((await call('POST', '/v1/principals', admin, { kind: 'service', name: 'temp-svc' })).statusCode).to.equal(201);
    expect((await call('DELETE', `/v1/principals/${created.id}`)).statusCode).to.equal(404);
  });

  it('needs read:principals to read and write:principals to write', async () => {
    expect((await call('GET', '/v1/principals', reader)).statusCode).to.equal(200);
    expect((await call('POST', '/v1/principals', reader, { kind: 'service', name: 'nope' })).statusCode).to.equal(403);
  });

  it('answers 404 for an unknown principal', async () => {
    expect((await call('GET', '/v1/principals/unknown-id')).statusCode).to.equal(404);
  });
});

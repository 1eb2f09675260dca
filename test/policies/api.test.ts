import { expect } from 'chai';
import type { FastifyInstance } from 'fastify';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from './fixtures.js';

describe('Policies API', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let writer: string;
  let writerSubject: string;
  let reader: string;
  let deleter: string;

  before(async () => {
    t = await startTestApp();
    app = t.app;
    const writerClient = await registerClient(app, ['read:policies', 'write:policies']);
    writerSubject = writerClient.clientId;
    writer = await accessToken(app, writerClient);
    reader = await accessToken(app, await registerClient(app, ['read:policies']));
    deleter = await accessToken(app, await registerClient(app, ['read:policies', 'write:policies', 'delete:policies']));
  });
  after(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  async function create(overrides = {}): Promise<{ id: string; version: number; name: string }> {
    const response = await call('POST', '/v1/policies', writer, samplePolicy({ name: `policy-${Math.random().toString(36).slice(2)}`, ...overrides }));
    expect(response.statusCode, response.body).to.equal(201);
    return response.json();
  }

  it('creates a policy at version 1 with every field the spec shows, recorded as the caller', async () => {
    const response = await call('POST', '/v1/policies', writer, samplePolicy({ name: 'spec-sample' }));
    expect(response.statusCode).to.equal(201);
    const body = response.json();
    expectSchema('policy', body);
    expect(body).to.include({ name: 'spec-sample', status: 'active', version: 1, created_by: writerSubject });
    expect(body.rules).to.deep.equal(samplePolicy().rules);
    expect(body.metadata).to.deep.equal({ owner: 'platform-team', compliance: ['SOC2', 'HIPAA'] });
    expect(response.headers.location).to.equal(`/v1/policies/${body.id}`);
    expect(response.headers.etag).to.equal('"1"');
  });

  it('defaults status to draft, description to empty and metadata to {}', async () => {
    const { name: _n, status: _s, description: _d, metadata: _m, ...rest } = samplePolicy();
    const response = await call('POST', '/v1/policies', writer, { ...rest, name: 'minimal' });
    expect(response.statusCode).to.equal(201);
    expect(response.json()).to.include({ status: 'draft', description: '' });
    expect(response.json().metadata).to.deep.equal({});
  });

  it('refuses a second live policy with the same name (409)', async () => {
    const first = await create();
    const response = await call('POST', '/v1/policies', writer, samplePolicy({ name: first.name }));
    expect(response.statusCode).to.equal(409);
    expect(response.json().code).to.equal('conflict');
  });

  for (const [label, mutate, pointer] of [
    [
      'an unknown condition type',
      (p: any) => (p.rules[0].conditions[0] = { type: 'weather', operator: 'equals', value: 'sunny' }),
      '/rules/0/conditions/0/type',
    ],
    ['an unknown operator', (p: any) => (p.rules[0].conditions[1].operator = 'between'), '/rules/0/conditions/1/operator'],
    ['a malformed HH:MM', (p: any) => (p.rules[0].conditions[0].value.start = '9am'), '/rules/0/conditions/0/value/start'],
    ['an unknown IANA time zone', (p: any) => (p.rules[0].conditions[0].value.timezone = 'Mars/Olympus_Mons'), '/rules/0/conditions/0/value/timezone'],
    ['a rule without actions', (p: any) => delete p.rules[0].actions, '/rules/0/actions'],
    ['a rule with an empty action list', (p: any) => (p.rules[0].actions = []), '/rules/0/actions'],
    ['an unknown effect', (p: any) => (p.rules[0].effect = 'maybe'), '/rules/0/effect'],
    ['an unknown top-level field', (p: any) => (p.owner = 'x'), '/owner'],
  ] as const) {
    it(`answers 400 naming the field for ${label}`, async () => {
      const policy = samplePolicy({ name: 'invalid' }) as any;
      mutate(policy);
      const response = await call('POST', '/v1/policies', writer, policy);
      expect(response.statusCode, response.body).to.equal(400);
      const body = response.json();
      expectSchema('problem', body);
      expect(body.code).to.equal('validation_failed');
      expect(body.errors.map((e: { pointer: string }) => e.pointer)).to.include(pointer);
    });
  }

  it('gets a policy with rules and metadata and its ETag', async () => {
    const created = await create();
    const response = await call('GET', `/v1/policies/${created.id}`, reader);
    expect(response.statusCode).to.equal(200);
    expectSchema('policy', response.json());
    expect(response.json().metadata.owner).to.equal('platform-team');
    expect(response.headers.etag).to.equal('"1"');
  });

  it('answers 404 problem for an unknown policy', async () => {
    const response = await call('GET', '/v1/policies/does-not-exist', reader);
    expect(response.statusCode).to.equal(404);
    expect(response.json().code).to.equal('not_found');
  });

  it('updates into a new version, answers the spec update shape and keeps the old version readable', async () => {
    const created = await create();
    const rules = [{ ...samplePolicy().rules[0]!, actions: ['read', 'write'] }];
    const response = await call('PUT', `/v1/policies/${created.id}`, writer, { name: created.name, description: 'now also write', status: 'draft', rules });
    expect(response.statusCode, response.body).to.equal(200);
    const body = response.json();
    expectSchema('policy-updated', body);
    expect(body).to.include({ version: 2, status: 'draft', description: 'now also write', updated_by: writerSubject });
    const v1 = (await call('GET', `/v1/policies/${created.id}/versions/1`, reader)).json();
    expectSchema('policy-version', v1);
    expect(v1.rules[0].actions).to.deep.equal(['read']);
    const v2 = (await call('GET', `/v1/policies/${created.id}/versions/2`, reader)).json();
    expect(v2.rules[0].actions).to.deep.equal(['read', 'write']);
  });

  it('lists versions newest first', async () => {
    const created = await create();
    for (const description of ['two', 'three'])
      await call('PUT', `/v1/policies/${created.id}`, writer, { name: created.name, rules: samplePolicy().rules, description });
    const response = await call('GET', `/v1/policies/${created.id}/versions`, reader);
    expectSchema('policy-version-list', response.json());
    expect(response.json().data.map((v: { version: number }) => v.version)).to.deep.equal([3, 2, 1]);
    expect(response.json().data[0].created_by).to.equal(writerSubject);
  });

  it('refuses an update with a stale If-Match (412) and accepts the current one', async () => {
    const created = await create();
    const body = { name: created.name, rules: samplePolicy().rules };
    expect((await call('PUT', `/v1/policies/${created.id}`, writer, body, { 'if-match': '"1"' })).statusCode).to.equal(200);
    const stale = await call('PUT', `/v1/policies/${created.id}`, writer, body, { 'if-match': '"1"' });
    expect(stale.statusCode).to.equal(412);
    expect(stale.json().code).to.equal('precondition_failed');
  });

  it('lets exactly one of two concurrent writers with the same If-Match win', async () => {
    const created = await create();
    const body = (description: string) => ({ name: created.name, rules: samplePolicy().rules, description });
    const results = await Promise.all([
      call('PUT', `/v1/policies/${created.id}`, writer, body('first'), { 'if-match': '"1"' }),
      call('PUT', `/v1/policies/${created.id}`, writer, body('second'), { 'if-match': '"1"' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).to.deep.equal([200, 412]);
    const versions = (await call('GET', `/v1/policies/${created.id}/versions`, reader)).json().data;
    expect(versions.map((v: { version: number }) => v.version)).to.deep.equal([2, 1]);
  });

  it('keeps every update of concurrent writers without If-Match as its own version', async () => {
    const created = await create();
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => call('PUT', `/v1/policies/${created.id}`, writer, { name: created.name, rules: samplePolicy().rules, description: `w${n}` })),
    );
    expect(results.map((r) => r.statusCode)).to.deep.equal([200, 200, 200, 200]);
    expect(results.map((r) => r.json().version).sort()).to.deep.equal([2, 3, 4, 5]);
  });

  it('soft-deletes with the spec answer, hides it from the list, and restores it in its old status', async () => {
    const created = await create({ status: 'archived' });
    const deleted = await call('DELETE', `/v1/policies/${created.id}`, deleter);
    expect(deleted.statusCode).to.equal(200);
    expectSchema('policy-deleted', deleted.json());
    expect(deleted.json()).to.include({ id: created.id, status: 'deleted' });
    const list = (await call('GET', '/v1/policies?limit=100', reader)).json();
    expect(list.data.map((p: { id: string }) => p.id)).to.not.include(created.id);
    const deletedList = (await call('GET', '/v1/policies?status=deleted', reader)).json();
    expect(deletedList.data.map((p: { id: string }) => p.id)).to.include(created.id);
    expect((await call('PUT', `/v1/policies/${created.id}`, writer, { name: created.name, rules: samplePolicy().rules })).statusCode).to.equal(409);
    const restored = await call('POST', `/v1/policies/${created.id}/restore`, writer);
    expect(restored.statusCode).to.equal(200);
    // A new version (content unchanged): the ETag of before the delete must not answer 304 now.
    expect(restored.json()).to.include({ status: 'archived', version: created.version + 1 });
    expect(restored.headers.etag).to.equal(`"${created.version + 1}"`);
    const stale = await call('GET', `/v1/policies/${created.id}`, reader, undefined, { 'if-none-match': `"${created.version}"` });
    expect(stale.statusCode).to.equal(200);
    const versions = (await call('GET', `/v1/policies/${created.id}/versions`, reader)).json();
    expect(versions.data.map((v: { version: number }) => v.version)).to.deep.equal([created.version + 1, created.version]);
    const kept = (await call('GET', `/v1/policies/${created.id}/versions/${created.version + 1}`, reader)).json();
    expect(kept).to.include({ status: 'archived', name: created.name });
  });

  it('refuses to restore a policy whose name a live policy took meanwhile', async () => {
    const created = await create();
    await call('DELETE', `/v1/policies/${created.id}`, deleter);
    await create({ name: created.name });
    const restored = await call('POST', `/v1/policies/${created.id}/restore`, writer);
    expect(restored.statusCode).to.equal(409);
  });

  it('needs delete:policies to delete (403 with write:policies only)', async () => {
    const created = await create();
    const response = await call('DELETE', `/v1/policies/${created.id}`, writer);
    expect(response.statusCode).to.equal(403);
    expect(response.json().code).to.equal('insufficient_scope');
  });

  it('rolls back by writing an earlier version as a new one', async () => {
    const created = await create();
    await call('PUT', `/v1/policies/${created.id}`, writer, { name: created.name, rules: [{ ...samplePolicy().rules[0]!, actions: ['admin'] }] });
    const response = await call('POST', `/v1/policies/${created.id}/rollback`, writer, { version: 1 });
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json().version).to.equal(3);
    expect(response.json().rules[0].actions).to.deep.equal(['read']);
    expect((await call('POST', `/v1/policies/${created.id}/rollback`, writer, { version: 9 })).statusCode).to.equal(404);
  });

  describe('listing', () => {
    let lt: TestApp;
    let token: string;
    before(async () => {
      lt = await startTestApp();
      token = await accessToken(lt.app, await registerClient(lt.app, ['read:policies', 'write:policies']));
      for (let i = 0; i < 7; i++) {
        const status = i < 4 ? 'active' : i < 6 ? 'draft' : 'archived';
        const response = await lt.app.inject({
          method: 'POST',
          url: '/v1/policies',
          headers: { authorization: `Bearer ${token}` },
          payload: samplePolicy({ name: `list-${i}`, status, description: i === 2 ? 'Payments ledger access' : 'other' }),
        });
        expect(response.statusCode).to.equal(201);
      }
    });
    after(async () => lt.close());
    const list = (query: string) => lt.app.inject({ method: 'GET', url: `/v1/policies${query}`, headers: { authorization: `Bearer ${token}` } });

    it('answers the pagination envelope with page 1 and limit 50 by default, items without rules or metadata', async () => {
      const body = (await list('')).json();
      expectSchema('policy-list', body);
      expect(body.pagination).to.deep.equal({ total: 7, page: 1, per_page: 50, pages: 1 });
      expect(body.data[0]).to.not.have.property('rules');
      expect(body.data[0]).to.not.have.property('metadata');
    });

    it('pages without overlap or gaps, and answers an empty page past the end', async () => {
      const pages = await Promise.all([1, 2, 3].map(async (page) => (await list(`?limit=3&page=${page}`)).json()));
      expect(pages[0].pagination).to.deep.equal({ total: 7, page: 1, per_page: 3, pages: 3 });
      const ids = pages.flatMap((p) => p.data.map((d: { id: string }) => d.id));
      expect(new Set(ids).size).to.equal(7);
      expect((await list('?limit=3&page=4')).json().data).to.deep.equal([]);
    });

    it('refuses limit over 100, limit 0 and page 0 with 400', async () => {
      for (const query of ['?limit=101', '?limit=0', '?page=0', '?page=abc']) {
        const response = await list(query);
        expect(response.statusCode, query).to.equal(400);
        expect(response.json().errors[0].in).to.equal('query');
      }
      expect((await list('?limit=100')).statusCode).to.equal(200);
    });

    it('filters by status', async () => {
      const body = (await list('?status=draft')).json();
      expect(body.pagination.total).to.equal(2);
      expect(body.data.every((p: { status: string }) => p.status === 'draft')).to.equal(true);
      expect((await list('?status=bogus')).statusCode).to.equal(400);
    });

    it('searches name and description case-insensitively with q, treating % and _ literally', async () => {
      expect((await list('?q=LEDGER')).json().data.map((p: { name: string }) => p.name)).to.deep.equal(['list-2']);
      expect((await list('?q=list-5')).json().data.map((p: { name: string }) => p.name)).to.deep.equal(['list-5']);
      expect((await list('?q=%25')).json().pagination.total).to.equal(0);
      expect((await list('?q=list_')).json().pagination.total).to.equal(0);
    });
  });
});

import { expect } from 'chai';
import { policyContentHash } from '../../core/src/index.js';
import type { Policy, PolicyList } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from './fixtures.js';

describe('GET /policies for clients that sync policies: content_hash, name=, id=, managed_by= and view=full', () => {
  let t: TestApp;
  let token: string;
  let labelled: Policy;
  let other: Policy;

  before(async () => {
    t = await startTestApp();
    token = await accessToken(t.app, await registerClient(t.app, ['read:policies', 'write:policies']));
    labelled = (
      await call('POST', '/v1/policies', samplePolicy({ name: 'labelled', metadata: { owner: 'data', managed_by: 'platform', provenance: { commit: 'abc' } } }))
    ).json();
    other = (await call('POST', '/v1/policies', samplePolicy({ name: 'other', metadata: { managed_by: 'finance' } }))).json();
    await call('POST', '/v1/policies', samplePolicy({ name: 'unlabelled' }));
  });
  after(() => t.close());

  function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  }
  const list = async (query: string): Promise<PolicyList> => {
    const response = await call('GET', `/v1/policies?${query}`);
    expect(response.statusCode, response.body).to.equal(200);
    expectSchema('policy-list', response.json());
    return response.json();
  };

  it('gives each item the hash of its content, equal to the one the CLI computes from the full policy', async () => {
    const item = (await list('name=labelled')).data[0]!;
    expect(item).to.include({ content_hash: policyContentHash(labelled), managed_by: 'platform', updated_by: labelled.updated_by });
    expect(item.content_hash).to.match(/^[0-9a-f]{64}$/);
  });

  it('leaves provenance out of the hash, and changes it with the content', async () => {
    const before = (await list('name=labelled')).data[0]!.content_hash;
    await call('PUT', `/v1/policies/${labelled.id}`, {
      name: 'labelled',
      rules: labelled.rules,
      metadata: { ...labelled.metadata, provenance: { commit: 'def' } },
    });
    expect((await list('name=labelled')).data[0]!.content_hash).to.equal(before);
    await call('PUT', `/v1/policies/${labelled.id}`, { name: 'labelled', rules: labelled.rules, description: 'changed' });
    expect((await list('name=labelled')).data[0]!.content_hash).not.to.equal(before);
  });

  it('filters by exact names, repeated', async () => {
    expect((await list('name=other&name=labelled&name=missing')).data.map((item) => item.name).sort()).to.deep.equal(['labelled', 'other']);
    expect((await list('name=label')).data).to.deep.equal([]);
  });

  it('filters by the ownership label in metadata.managed_by', async () => {
    expect((await list('managed_by=finance')).data.map((item) => item.id)).to.deep.equal([other.id]);
  });

  it('refuses more than 100 names in one request (400)', async () => {
    const query = Array.from({ length: 101 }, (_, index) => `name=n${index}`).join('&');
    expect((await call('GET', `/v1/policies?${query}`)).statusCode).to.equal(400);
  });

  it('filters by exact ids, repeated, and with view=full gives each policy whole, as GET /policies/{id} shows it', async () => {
    const ids = [labelled.id, other.id];
    const basic = await list(`id=${ids.join('&id=')}&id=missing`);
    expect(basic.data.map((item) => item.id).sort()).to.deep.equal([...ids].sort());
    for (const item of basic.data) expect(item).not.to.have.any.keys('rules', 'metadata');
    const full = await list(`id=${ids.join('&id=')}&view=full`);
    for (const item of full.data) {
      const single = (await call('GET', `/v1/policies/${item.id}`)).json<Policy>();
      const { content_hash, managed_by: _label, ...policy } = item;
      expect(policy).to.deep.equal(single);
      // The hash covers the content the item now carries.
      expect(content_hash).to.equal(policyContentHash(single));
    }
    expect((await list('view=basic&name=other')).data[0]).not.to.have.any.keys('rules', 'metadata');
  });

  it('refuses an unknown view and more than 100 ids in one request (400, naming the parameter)', async () => {
    const unknown = await call('GET', '/v1/policies?view=everything');
    expect(unknown.statusCode).to.equal(400);
    expect(unknown.body).to.include('view');
    const query = Array.from({ length: 101 }, (_, index) => `id=i${index}`).join('&');
    const many = await call('GET', `/v1/policies?${query}`);
    expect(many.statusCode).to.equal(400);
    expect(many.body).to.include('id');
  });

  it('answers hostile ids and views with 400 or an empty page, never a 5xx (NUL, a lone surrogate, invalid UTF-8)', async () => {
    for (const query of ['id=%00', 'id=a%00b', 'id=%ED%A0%80', 'id=%FF', 'id=%F0%9F%98%80&view=full', 'view=%00', 'view=full%00', `id=${'x'.repeat(201)}`]) {
      const response = await call('GET', `/v1/policies?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).to.be.oneOf([200, 400]);
      if (response.statusCode === 200) expect(response.json().data, query).to.deep.equal([]);
    }
  });
});

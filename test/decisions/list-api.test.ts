import { expect } from 'chai';
import type { DecisionList, DecisionRecord } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectProblem } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';

const financeRead = {
  name: 'finance-read-ledger',
  status: 'active',
  rules: [
    {
      effect: 'allow',
      principals: { type: 'USER', attributes: { department: ['finance'] } },
      resources: { type: 'database', identifiers: ['ledger'] },
      actions: ['read', 'write'],
    },
  ],
};

const request = (department: string, action = 'read', id?: string) => ({
  principal: { ...(id ? { id } : {}), type: 'USER', attributes: { department } },
  resource: { type: 'database', identifier: 'ledger' },
  action,
  context: { risk_score: 12, mfa_verified: true },
});

describe('GET /v1/decisions (recorded decisions, for replay)', () => {
  let t: TestApp;
  let evaluator: string;
  let auditor: string;
  const recorded: string[] = [];

  before(async () => {
    t = await startTestApp();
    const admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    evaluator = await accessToken(t.app, await registerClient(t.app, ['evaluate:decisions']));
    auditor = await accessToken(t.app, await registerClient(t.app, ['read:audit']));
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/policies', headers: { authorization: `Bearer ${admin}` }, payload: financeRead })).statusCode,
    ).to.equal(201);
    for (const body of [
      request('finance', 'read', 'alice'),
      request('sales', 'read', 'bob'),
      request('finance', 'write', 'alice'),
      request('sales', 'write', 'bob'),
    ]) {
      const response = await evaluate(body);
      recorded.push(response.json().id);
    }
  });
  after(async () => t.close());

  const evaluate = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/v1/decisions/evaluate', headers: { authorization: `Bearer ${evaluator}` }, payload });
  const list = async (query = ''): Promise<DecisionList> => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/decisions${query}`, headers: { authorization: `Bearer ${auditor}` } });
    expect(response.statusCode, response.body).to.equal(200);
    expectSchema('decision-list', response.json());
    return response.json();
  };

  it('lists decisions newest first, each with the request as evaluated and its result, as GET /decisions/{id} answers it', async () => {
    const page = await list();
    expect(page.data.map((record) => record.id)).to.have.members(recorded);
    const keys = page.data.map((record) => `${record.timestamp} ${record.id}`);
    expect(keys, 'newest first, then by id').to.deep.equal([...keys].sort().reverse());
    expect(page.next_cursor).to.equal(null);
    const single = await t.app.inject({ method: 'GET', url: `/v1/decisions/${recorded[0]}`, headers: { authorization: `Bearer ${auditor}` } });
    const first = page.data.find((record) => record.id === recorded[0]);
    expect(first).to.deep.equal(single.json());
    expect(first!.request).to.deep.equal(request('finance', 'read', 'alice'));
  });

  it('filters by decision, principal id, action and resource type', async () => {
    expect((await list('?decision=allow')).data.map((record) => record.request.principal.attributes?.department)).to.deep.equal(['finance', 'finance']);
    expect((await list('?decision=deny&action=write')).data.map((record) => record.id)).to.deep.equal([recorded[3]]);
    expect((await list('?principal_id=bob')).data.every((record) => record.request.principal.id === 'bob')).to.equal(true);
    expect((await list('?principal_id=bob')).data).to.have.length(2);
    expect((await list('?resource_type=api')).data).to.deep.equal([]);
  });

  it('filters by time: since is inclusive, until exclusive', async () => {
    const all = (await list()).data;
    const oldest = [...all.map((record) => record.timestamp)].sort()[0]!;
    expect((await list(`?since=${encodeURIComponent(oldest)}`)).data).to.have.length(all.length);
    expect((await list(`?until=${encodeURIComponent(oldest)}`)).data).to.deep.equal([]);
    expect((await list(`?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).data).to.deep.equal([]);
  });

  it('pages with next_cursor while decisions keep arriving, missing and repeating nothing', async () => {
    for (let n = 0; n < 9; n += 1) await evaluate(request('paging', 'read'));
    const seen: DecisionRecord[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: DecisionList = await list(`?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data);
      // New decisions arrive between pages: they are newer than the cursor and do not shift the pages.
      await evaluate(request('paging', 'read'));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    const ids = seen.map((record) => record.id);
    expect(new Set(ids).size, 'no decision repeated').to.equal(ids.length);
    expect(ids.length).to.equal(13);
    expect(pages).to.equal(4);
    const keys = seen.map((record) => `${record.timestamp} ${record.id}`);
    expect(keys).to.deep.equal([...keys].sort().reverse());
  });

  it('refuses a bad query with 400 problem+json: limit out of range, unreadable time or cursor, since after until, unknown parameter', async () => {
    const bad = [
      '?limit=501',
      '?limit=0',
      '?since=yesterday',
      '?cursor=bm9wZQ',
      '?decision=maybe',
      '?since=2021-01-01T00:00:00Z&until=2020-01-01T00:00:00Z',
      '?principal=alice',
    ];
    for (const query of bad) {
      expectProblem(
        await t.app.inject({ method: 'GET', url: `/v1/decisions${query}`, headers: { authorization: `Bearer ${auditor}` } }),
        400,
        'validation_failed',
      );
    }
  });

  it('requires read:audit (403) and a bearer token (401)', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/decisions', headers: { authorization: `Bearer ${evaluator}` } }), 403, 'insufficient_scope');
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/v1/decisions' });
    expect(unauthenticated.statusCode).to.equal(401);
    expect(unauthenticated.headers['content-type']).to.match(/^application\/problem\+json/);
  });
});

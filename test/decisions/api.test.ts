import { expect } from 'chai';
import pg from 'pg';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from '../policies/fixtures.js';

const noConditions = (name: string, status: 'active' | 'draft' = 'active', effect: 'allow' | 'deny' = 'allow') =>
  samplePolicy({
    name,
    status,
    rules: [
      {
        effect,
        principals: { type: 'USER', attributes: { department: ['engineering'] } },
        resources: { type: 'database', identifiers: ['prod-*'] },
        actions: ['read'],
      },
    ],
  });

const readProdDb = (principal: Record<string, unknown> = { type: 'USER', attributes: { department: 'engineering' } }) => ({
  principal,
  resource: { type: 'database', identifier: 'prod-orders' },
  action: 'read',
  context: { risk_score: 10 },
});

describe('Decisions API', () => {
  let t: TestApp;
  let admin: string;
  let evaluator: string;
  let auditor: string;

  before(async () => {
    t = await startTestApp();
    admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    evaluator = await accessToken(t.app, await registerClient(t.app, ['evaluate:decisions']));
    auditor = await accessToken(t.app, await registerClient(t.app, ['read:audit']));
    for (const policy of [noConditions('eng-read-prod'), noConditions('draft-allow-everyone', 'draft')]) {
      const response = await t.app.inject({ method: 'POST', url: '/v1/policies', headers: { authorization: `Bearer ${admin}` }, payload: policy });
      expect(response.statusCode).to.equal(201);
    }
  });
  after(async () => t.close());

  const evaluate = (payload: unknown, token = evaluator) =>
    t.app.inject({ method: 'POST', url: '/v1/decisions/evaluate', headers: { authorization: `Bearer ${token}` }, payload: payload as object });

  it('allows by an active policy and answers id, matched policy and rule, versions, reasons, time and timestamp', async () => {
    // Policy names need read:policies (issue #19, finding 7: test/security/decision-disclosure.test.ts); admin:all grants it.
    const response = await evaluate(readProdDb(), admin);
    expect(response.statusCode, response.body).to.equal(200);
    const body = response.json();
    expectSchema('decision', body);
    expect(body.decision).to.equal('allow');
    expect(body.matched_rules).to.have.length(1);
    expect(body.matched_rules[0]).to.include({ policy_name: 'eng-read-prod', policy_version: 1, rule_index: 0, effect: 'allow' });
    expect(Object.values(body.policy_versions)).to.deep.equal([1]);
  });

  it('denies what no active policy allows, and ignores draft policies', async () => {
    const body = (await evaluate(readProdDb({ type: 'USER', attributes: { department: 'sales' } }))).json();
    expect(body.decision).to.equal('deny');
    expect(body.matched_rules).to.deep.equal([]);
    expect(body.explanation).to.be.a('string').and.not.empty;
  });

  it("uses a stored principal's attributes when the request names it by id, inline attributes winning", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/principals',
      headers: { authorization: `Bearer ${admin}` },
      payload: { kind: 'user', name: 'stored-eng', attributes: { department: 'engineering' } },
    });
    const id = created.json().id;
    expect((await evaluate(readProdDb({ id, type: 'USER' }))).json().decision).to.equal('allow');
    expect((await evaluate(readProdDb({ id, type: 'USER', attributes: { department: 'sales' } }))).json().decision).to.equal('deny');
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/principals/${id}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { attributes: { department: 'finance' } },
    });
    expect((await evaluate(readProdDb({ id, type: 'USER' }))).json().decision, 'a changed principal is seen by the next decision').to.equal('deny');
  });

  it("refuses a request that gives a stored principal another type than its kind's (400 naming /principal/type), in evaluate and batch", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/principals',
      headers: { authorization: `Bearer ${admin}` },
      payload: { kind: 'user', name: 'typed-user', attributes: { department: 'engineering' } },
    });
    const id = created.json().id;
    const [service, lowerCase, batch] = await Promise.all([
      evaluate(readProdDb({ id, type: 'SERVICE' })),
      evaluate(readProdDb({ id, type: 'user' })),
      t.app.inject({
        method: 'POST',
        url: '/v1/decisions/batch',
        headers: { authorization: `Bearer ${evaluator}` },
        payload: { requests: [readProdDb({ id, type: 'USER' }), readProdDb({ id, type: 'AGENT' })] },
      }),
    ]);
    for (const [response, pointer, type] of [
      [service, '/principal/type', 'SERVICE'],
      [lowerCase, '/principal/type', 'user'],
      [batch, '/requests/1/principal/type', 'AGENT'],
    ] as const) {
      expect(response.statusCode, response.body).to.equal(400);
      expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(response.json()).to.include({ code: 'validation_failed' });
      expect(response.json().detail).to.include(`its type is USER, not ${type}`);
      expect(response.json().errors).to.deep.equal([{ pointer, in: 'body', detail: `must be USER, the type of stored user ${id}` }]);
    }
    const recorded = await t.app.db('decisions').where({ principal_id: id }).count<{ count: string }[]>({ count: '*' });
    expect(Number(recorded[0]!.count), 'a refused request is not decided, nor recorded').to.equal(0);
    expect((await evaluate(readProdDb({ id, type: 'USER' }))).json().decision, 'its own type still decides').to.equal('allow');
  });

  it('records every decision before answering; GET /decisions/{id} returns the request and result with read:audit', async () => {
    const decision = (await evaluate(readProdDb())).json();
    const response = await t.app.inject({ method: 'GET', url: `/v1/decisions/${decision.id}`, headers: { authorization: `Bearer ${auditor}` } });
    expect(response.statusCode).to.equal(200);
    const record = response.json();
    expectSchema('decision-record', record);
    expect(record.result).to.deep.equal(decision);
    expect(record.request.resource).to.deep.equal({ type: 'database', identifier: 'prod-orders' });
    expect((await t.app.inject({ method: 'GET', url: `/v1/decisions/${decision.id}`, headers: { authorization: `Bearer ${evaluator}` } })).statusCode).to.equal(
      403,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/decisions/00000000-0000-4000-8000-000000000000', headers: { authorization: `Bearer ${auditor}` } }))
        .statusCode,
    ).to.equal(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/decisions/not-a-uuid', headers: { authorization: `Bearer ${auditor}` } })).statusCode).to.equal(404);
  });

  it('answers a batch in order, each decision with its own id, all recorded', async () => {
    const requests = [readProdDb(), readProdDb({ type: 'USER', attributes: { department: 'sales' } }), readProdDb()];
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/decisions/batch',
      headers: { authorization: `Bearer ${evaluator}` },
      payload: { requests },
    });
    expect(response.statusCode, response.body).to.equal(200);
    const body = response.json();
    expectSchema('decision-batch-response', body);
    expect(body.results.map((r: { decision: string }) => r.decision)).to.deep.equal(['allow', 'deny', 'allow']);
    const ids = body.results.map((r: { id: string }) => r.id);
    expect(new Set(ids).size).to.equal(3);
    expect(await t.app.db('decisions').whereIn('id', ids).count<{ count: number }[]>({ count: '*' })).to.deep.equal([{ count: 3 }]);
  });

  it('tells in a Server-Timing header how long recording took and how long the whole answer, for evaluate and batch', async () => {
    const timings = (header: unknown) => {
      const match = /^record;dur=(\d+\.\d{3}), total;dur=(\d+\.\d{3})$/.exec(String(header));
      expect(match, String(header)).to.not.equal(null);
      return { record: Number(match![1]), total: Number(match![2]) };
    };
    // Another session holds the audit log's lock (migration 20261125_01) for 300 ms: the decision's write waits for it.
    const holder = new pg.Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(7017561995875804276)');
      const answered = evaluate(readProdDb());
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query('COMMIT');
      const slow = timings((await answered).headers['server-timing']);
      expect(slow.record).to.be.at.least(250);
      expect(slow.total).to.be.at.least(slow.record);
    } finally {
      await holder.end();
    }
    const batch = await t.app.inject({
      method: 'POST',
      url: '/v1/decisions/batch',
      headers: { authorization: `Bearer ${evaluator}` },
      payload: { requests: [readProdDb(), readProdDb()] },
    });
    const quick = timings(batch.headers['server-timing']);
    expect(quick.record).to.be.above(0).and.below(250);
    expect(quick.total).to.be.at.least(quick.record);
  });

  it('refuses a batch over 100 requests and an empty one with 400', async () => {
    const over = await t.app.inject({
      method: 'POST',
      url: '/v1/decisions/batch',
      headers: { authorization: `Bearer ${evaluator}` },
      payload: { requests: Array.from({ length: 101 }, () => readProdDb()) },
    });
    expect(over.statusCode).to.equal(400);
    expect(over.json().errors[0].pointer).to.equal('/requests');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/v1/decisions/batch',
      headers: { authorization: `Bearer ${evaluator}` },
      payload: { requests: [] },
    });
    expect(empty.statusCode).to.equal(400);
  });

  it('keeps every one of many concurrent decisions (group commit loses none)', async () => {
    const responses = await Promise.all(Array.from({ length: 200 }, () => evaluate(readProdDb())));
    const ids = responses.map((r) => r.json().id as string);
    expect(responses.every((r) => r.statusCode === 200)).to.equal(true);
    const [row] = await t.app.db('decisions').whereIn('id', ids).count<{ count: number }[]>({ count: '*' });
    const count = row?.count;
    expect(count).to.equal(200);
  });

  it('sees a policy change made through a second app instance on the same database in the next decision', async () => {
    const second = await startTestApp({ databaseUrl: t.config.databaseUrl, config: { keyEncryptionKey: t.config.keyEncryptionKey } });
    try {
      const token = await accessToken(second.app, await registerClient(second.app, ['admin:all']));
      const request = { principal: { type: 'SERVICE' }, resource: { type: 'queue', identifier: 'jobs' }, action: 'publish' };
      expect((await evaluate(request)).json().decision).to.equal('deny');
      const created = await second.app.inject({
        method: 'POST',
        url: '/v1/policies',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          name: 'svc-publish',
          status: 'active',
          rules: [{ effect: 'allow', principals: { type: 'SERVICE' }, resources: { type: 'queue', identifiers: ['jobs'] }, actions: ['publish'] }],
        },
      });
      expect(created.statusCode).to.equal(201);
      expect((await evaluate(request)).json().decision).to.equal('allow');
      const archived = await second.app.inject({
        method: 'PUT',
        url: `/v1/policies/${created.json().id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'svc-publish', status: 'archived', rules: created.json().rules },
      });
      expect(archived.statusCode).to.equal(200);
      expect((await evaluate(request)).json().decision).to.equal('deny');
    } finally {
      await second.close();
    }
  });

  it('needs evaluate:decisions', async () => {
    expect((await evaluate(readProdDb(), auditor)).statusCode).to.equal(403);
  });
});

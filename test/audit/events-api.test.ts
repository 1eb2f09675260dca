import { expect } from 'chai';
import { systemContext } from '../../server/src/events/context.js';
import { changeEvent } from '../../server/src/events/event.js';
import type { AuditEvent, AuditEventList } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectProblem } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from '../policies/fixtures.js';

describe('GET /v1/audit/events', () => {
  let t: TestApp;
  let admin: string;
  let adminSubject: string;
  let auditor: string;

  before(async () => {
    t = await startTestApp();
    const client = await registerClient(t.app, ['admin:all']);
    adminSubject = client.clientId;
    admin = await accessToken(t.app, client);
    auditor = await accessToken(t.app, await registerClient(t.app, ['read:audit']));
    const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}` }, ...(payload ? { payload: payload as object } : {}) });
    const policy = (await write('POST', '/v1/policies', samplePolicy({ name: 'listed' }))).json();
    await write('PUT', `/v1/policies/${policy.id}`, { name: 'listed', rules: samplePolicy().rules, description: 'v2' });
    await write('POST', '/v1/principals', { kind: 'service', name: 'svc-listed' });
    await write('POST', '/v1/decisions/evaluate', { principal: { type: 'USER' }, resource: { type: 'database', identifier: 'x' }, action: 'read' });
    // Events of another actor, at a known time in the past.
    await t.app.db.transaction((trx) =>
      t.app.auditLog.append(trx, [
        changeEvent({ ...systemContext('system:old'), now: new Date('2020-01-01T00:00:00Z') }, 'principal.deleted', { type: 'principal', id: 'old-one' }, null),
      ]),
    );
  });
  after(async () => t.close());

  const list = async (query: string, token = auditor): Promise<AuditEventList> => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/audit/events${query}`, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).to.equal(200);
    expectSchema('audit-event-list', response.json());
    return response.json();
  };
  const types = (page: AuditEventList) => page.data.map((event) => event.type);

  it('lists events newest first, with every member of the schema', async () => {
    const page = await list('');
    const sequences = page.data.map((event) => event.sequence);
    expect(sequences).to.deep.equal([...sequences].sort((a, b) => b - a));
    expect(types(page)).to.include.members(['policy.created', 'policy.updated', 'principal.created', 'decision.evaluated', 'principal.deleted']);
  });

  it('filters by type, repeated, comma-separated or by family', async () => {
    expect(types(await list('?type=policy.created&type=principal.created'))).to.have.members(['policy.created', 'principal.created']);
    expect(types(await list('?type=policy.created,policy.updated'))).to.have.members(['policy.created', 'policy.updated']);
    expect(types(await list('?type=policy.*'))).to.have.members(['policy.created', 'policy.updated']);
  });

  it('answers 400 naming an unknown event type', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/audit/events?type=policy.exploded', headers: { authorization: `Bearer ${auditor}` } });
    expect(expectProblem(response, 400, 'validation_failed').errors).to.deep.equal([
      { pointer: '/type', in: 'query', detail: 'unknown event type policy.exploded' },
    ]);
  });

  it('filters by actor, target, outcome, chain and time range', async () => {
    expect((await list(`?actor=${adminSubject}`)).data.every((event) => event.actor.subject === adminSubject)).to.equal(true);
    expect(types(await list('?actor=system:old'))).to.deep.equal(['principal.deleted']);
    expect(types(await list('?target_type=principal&target_id=old-one'))).to.deep.equal(['principal.deleted']);
    expect(types(await list('?target_type=policy'))).to.have.members(['policy.created', 'policy.updated']);
    expect(types(await list('?chain=decision'))).to.deep.equal(['decision.evaluated']);
    expect((await list('?outcome=failure')).data).to.deep.equal([]);
    expect(types(await list('?until=2021-01-01T00:00:00Z'))).to.deep.equal(['principal.deleted']);
    expect(types(await list('?since=2021-01-01T00:00:00Z'))).to.not.include('principal.deleted');
    expect(types(await list('?since=2019-12-31T23:00:00Z&until=2020-01-01T00:00:00.001Z'))).to.deep.equal(['principal.deleted']);
  });

  it('refuses limit above 100 and an unreadable time or cursor (400)', async () => {
    for (const query of ['?limit=101', '?limit=0', '?since=yesterday', '?cursor=bm9wZQ', '?since=2021-01-01T00:00:00Z&until=2020-01-01T00:00:00Z']) {
      const response = await t.app.inject({ method: 'GET', url: `/v1/audit/events${query}`, headers: { authorization: `Bearer ${auditor}` } });
      expectProblem(response, 400, 'validation_failed');
    }
  });

  it('requires read:audit', async () => {
    const reader = await accessToken(t.app, await registerClient(t.app, ['read:policies']));
    const response = await t.app.inject({ method: 'GET', url: '/v1/audit/events', headers: { authorization: `Bearer ${reader}` } });
    expectProblem(response, 403, 'insufficient_scope');
  });

  it('GET /audit/events/{id} answers one event, and 404 for an unknown id', async () => {
    const [first] = (await list('?limit=1')).data;
    const response = await t.app.inject({ method: 'GET', url: `/v1/audit/events/${first!.id}`, headers: { authorization: `Bearer ${auditor}` } });
    expect(response.statusCode).to.equal(200);
    expectSchema('audit-event', response.json());
    expect(response.json()).to.deep.equal(first);
    for (const id of ['7c0b6d3a-1111-4222-8333-944455556666', 'not-a-uuid']) {
      expectProblem(await t.app.inject({ method: 'GET', url: `/v1/audit/events/${id}`, headers: { authorization: `Bearer ${auditor}` } }), 404, 'not_found');
    }
  });

  it('pages with next_cursor while events keep arriving, missing and repeating nothing', async () => {
    const context = systemContext('system:paging');
    const append = (n: number) =>
      t.app.db.transaction((trx) => t.app.auditLog.append(trx, [changeEvent(context, 'policy.updated', { type: 'policy', id: `paging-${n}` }, null)]));
    for (let n = 0; n < 30; n++) await append(n);
    let writing = true;
    let written = 30;
    // Writers keep appending (in parallel transactions) for as long as the reader pages.
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) await append(written++);
    });
    const seen: AuditEvent[] = [];
    let cursor: string | null = null;
    let firstPageTop = 0;
    do {
      const page: AuditEventList = await list(`?actor=system:paging&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      if (seen.length === 0) firstPageTop = page.data[0]!.sequence;
      seen.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    writing = false;
    await Promise.all(writers);
    const sequences = seen.map((event) => event.sequence);
    expect(new Set(sequences).size, 'no event twice').to.equal(sequences.length);
    expect(sequences).to.deep.equal([...sequences].sort((a, b) => b - a));
    const expected = await t.app
      .db('audit_events')
      .where({ actor_subject: 'system:paging' })
      .andWhere('seq', '<=', firstPageTop)
      .orderBy('seq', 'desc')
      .pluck('seq');
    expect(sequences, 'every event up to the first page, none missed').to.deep.equal(expected.map(Number));
    expect(written, 'events arrived while paging').to.be.greaterThan(30);
  });
});

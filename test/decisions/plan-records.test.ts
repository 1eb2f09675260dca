import { expect } from 'chai';
import type { FastifyInstance } from 'fastify';
import {
  auditEventColumns,
  insertAuditEventsSql,
  readReservation,
  reserveSql,
  toAuditEvent,
  type AuditEventRow,
} from '../../server/src/domains/audit/audit-log.js';
import { hashEvent } from '../../server/src/domains/audit/chain.js';
import { byteaJson } from '../../server/src/db/json-rows.js';
import { uuidV7 } from '../../server/src/db/uuid-v7.js';
import type { AuditEvent, DecisionPlan, PlanRecord } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';

/**
 * Issue #35: a query plan is recorded and audited like a decision. It is stored in decisions (kind
 * plan) through the decision recorder before it is answered, read back by GET /v1/decisions/{id},
 * audited by a decision.planned event on the decision chain, and never listed (nor so replayed by
 * acctl policy impact) as a decision.
 */
const policy = {
  name: 'team-notes',
  status: 'active',
  rules: [{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'note', identifiers: ['team-a-*'] }, actions: ['read'] }],
};
const planBody = { principal: { id: 'alice', type: 'USER', attributes: { department: 'sales' } }, action: 'read', resource: { type: 'note' } };
const evaluateBody = { principal: { id: 'alice', type: 'USER' }, action: 'read', resource: { type: 'note', identifier: 'team-a-1' } };

interface Tokens {
  evaluator: string;
  auditor: string;
}

async function seeded(config: { auditDecisionEvents?: 'all' | 'digest' } = {}): Promise<{ t: TestApp; tokens: Tokens }> {
  const t = await startTestApp({ config });
  const admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
  const created = await t.app.inject({ method: 'POST', url: '/v1/policies', headers: { authorization: `Bearer ${admin}` }, payload: policy });
  expect(created.statusCode, created.body).to.equal(201);
  const evaluator = await accessToken(t.app, await registerClient(t.app, ['evaluate:decisions']));
  const auditor = await accessToken(t.app, await registerClient(t.app, ['read:audit']));
  return { t, tokens: { evaluator, auditor } };
}

const call = (app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

async function eventsOfType(app: FastifyInstance, type: string): Promise<AuditEvent[]> {
  const rows: AuditEventRow[] = await app.db('audit_events').select(auditEventColumns).where({ type }).orderBy('seq');
  return rows.map(toAuditEvent);
}

async function verified(app: FastifyInstance, token: string): Promise<{ valid: boolean; chains: Array<{ chain: string; events_checked: number }> }> {
  const response = await call(app, token, 'GET', '/v1/audit/verify');
  expect(response.statusCode, response.body).to.equal(200);
  return response.json();
}

/**
 * A decision.planned event as releases before issue #35 sealed it: on the change chain, linked to
 * that chain's head, in its own transaction.
 */
async function appendOldStylePlannedEvent(app: FastifyInstance): Promise<string> {
  return app.db.transaction(async (trx) => {
    const reserved = (await trx.raw(reserveSql('?'), [1])) as { rows: Array<Parameters<typeof readReservation>[0]> };
    const reservation = readReservation(reserved.rows[0]!);
    const time = new Date();
    const event: Omit<AuditEvent, 'hash'> = {
      id: uuidV7(time.getTime()),
      sequence: reservation.sequences[0]!,
      chain: 'change',
      type: 'decision.planned',
      time: time.toISOString(),
      actor: { subject: 'client:old', client_id: 'old', token_kind: 'access_token' },
      target: { type: 'resource_type', id: 'note' },
      outcome: 'success',
      request: { id: 'req-old', ip: '127.0.0.1', user_agent: 'old' },
      change: null,
      data: {
        kind: 'always_denied',
        principal: { id: null, type: 'USER', attributes: {} },
        resource_type: 'note',
        action: 'read',
        condition: { holds: false },
        policies: {},
      },
      prev_hash: reservation.heads.change,
    };
    const hash = hashEvent(event);
    const row = {
      seq: event.sequence,
      id: event.id,
      chain: event.chain,
      type: event.type,
      occurred_at: event.time,
      actor_subject: event.actor.subject,
      actor_client_id: event.actor.client_id,
      actor_token_kind: event.actor.token_kind,
      target_type: event.target.type,
      target_id: event.target.id,
      outcome: event.outcome,
      request_id: event.request.id,
      source_ip: event.request.ip,
      user_agent: event.request.user_agent,
      change: null,
      data: event.data,
      prev_hash: byteaJson(event.prev_hash),
      hash: byteaJson(hash),
    };
    await trx.raw(insertAuditEventsSql('?'), [JSON.stringify([row])]);
    return event.id;
  });
}

describe('query plans recorded like decisions (issue #35)', () => {
  let t: TestApp;
  let tokens: Tokens;
  before(async () => ({ t, tokens } = await seeded()));
  after(async () => t?.close());

  it('records a plan before answering it: GET /v1/decisions/{id} answers its record, kind plan, with the request as planned and the plan', async () => {
    const answer = await call(t.app, tokens.evaluator, 'POST', '/v1/decisions/plan', planBody);
    expect(answer.statusCode, answer.body).to.equal(200);
    const plan = answer.json<DecisionPlan>();
    const read = await call(t.app, tokens.auditor, 'GET', `/v1/decisions/${plan.id}`);
    expect(read.statusCode, read.body).to.equal(200);
    const record = read.json<PlanRecord>();
    expectSchema('decision-or-plan-record', record);
    expect(record).to.deep.include({ id: plan.id, kind: 'plan', timestamp: plan.timestamp, request: planBody, result: plan });
    expect(record.caller.subject).to.be.a('string').and.not.equal('');
    const [event] = (await eventsOfType(t.app, 'decision.planned')).filter((candidate) => candidate.id === plan.id);
    expect(event, 'its decision.planned event').to.not.equal(undefined);
    expect(event!.chain).to.equal('decision');
    expect(event!.data).to.deep.include({ kind: 'conditional', resource_type: 'note', action: 'read' });
  });

  it('records 50 plans asked in parallel, each with its event on the decision chain, in fewer writes than plans (group commit)', async () => {
    const histogram = t.app.metrics.registry.getSingleMetric('acctl_group_commit_batch_size')!;
    const writes = async (): Promise<number> =>
      ((await histogram.get()).values as Array<{ value: number; labels: Record<string, unknown>; metricName?: string }>).find(
        (value) => value.metricName === 'acctl_group_commit_batch_size_count' && value.labels.writer === 'decisions',
      )?.value ?? 0;
    const before = await writes();
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(t.app, tokens.evaluator, 'POST', '/v1/decisions/plan', planBody)));
    for (const response of answers) expect(response.statusCode, response.body).to.equal(200);
    const ids = answers.map((response) => response.json<DecisionPlan>().id);
    expect(new Set(ids).size).to.equal(50);
    const rows = await t.app.db('decisions').select('id', 'kind', 'decision', 'resource_identifier').whereIn('id', ids);
    expect(rows).to.have.length(50);
    for (const row of rows) expect(row).to.deep.include({ kind: 'plan', decision: null, resource_identifier: null });
    const events = (await eventsOfType(t.app, 'decision.planned')).filter((event) => ids.includes(event.id));
    expect(events.map((event) => event.chain)).to.deep.equal(Array(50).fill('decision'));
    expect((await writes()) - before, 'recording writes').to.be.below(50);
    expect((await verified(t.app, tokens.auditor)).valid).to.equal(true);
  });

  it('lists decisions only: GET /v1/decisions, and so acctl policy impact, never answers a plan as a decision', async () => {
    const evaluated = await call(t.app, tokens.evaluator, 'POST', '/v1/decisions/evaluate', evaluateBody);
    expect(evaluated.statusCode, evaluated.body).to.equal(200);
    const planned = await call(t.app, tokens.evaluator, 'POST', '/v1/decisions/plan', planBody);
    expect(planned.statusCode, planned.body).to.equal(200);
    for (const query of ['', '?resource_type=note&action=read', `?principal_id=alice`]) {
      const list = await call(t.app, tokens.auditor, 'GET', `/v1/decisions${query}`);
      expect(list.statusCode, list.body).to.equal(200);
      const ids = list.json<{ data: Array<{ id: string }> }>().data.map((record) => record.id);
      expect(ids, query).to.include(evaluated.json<{ id: string }>().id);
      expect(ids, query).to.not.include(planned.json<DecisionPlan>().id);
    }
  });

  it('verifies a log holding a decision.planned event sealed on the change chain before, then plans on the decision chain', async () => {
    const old = await appendOldStylePlannedEvent(t.app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(t.app, tokens.evaluator, 'POST', '/v1/decisions/plan', planBody)));
    for (const response of answers) expect(response.statusCode, response.body).to.equal(200);
    const chains = new Map((await eventsOfType(t.app, 'decision.planned')).map((event) => [event.id, event.chain]));
    expect(chains.get(old)).to.equal('change');
    for (const response of answers) expect(chains.get(response.json<DecisionPlan>().id)).to.equal('decision');
    const verification = await verified(t.app, tokens.auditor);
    expect(verification.valid, JSON.stringify(verification)).to.equal(true);
  });
});

describe('query plans with auditDecisionEvents=digest', () => {
  let t: TestApp;
  let tokens: Tokens;
  before(async () => ({ t, tokens } = await seeded({ auditDecisionEvents: 'digest' })));
  after(async () => t?.close());

  it('keeps each plan’s decision.planned event beside the digest of decisions, which names decisions only, and verifies', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => call(t.app, tokens.evaluator, 'POST', '/v1/decisions/plan', planBody)),
      ...Array.from({ length: 10 }, () => call(t.app, tokens.evaluator, 'POST', '/v1/decisions/evaluate', evaluateBody)),
    ]);
    for (const response of answers) expect(response.statusCode, response.body).to.equal(200);
    const planIds = answers.slice(0, 10).map((response) => response.json<DecisionPlan>().id);
    const decisionIds = answers.slice(10).map((response) => response.json<{ id: string }>().id);
    const planned = (await eventsOfType(t.app, 'decision.planned')).map((event) => event.id);
    expect(planned.sort()).to.deep.equal([...planIds].sort());
    const digested = (await eventsOfType(t.app, 'decisions.recorded')).flatMap((event) =>
      (event.data as { decisions: Array<{ id: string }> }).decisions.map((entry) => entry.id),
    );
    expect(digested.sort()).to.deep.equal([...decisionIds].sort());
    expect((await verified(t.app, tokens.auditor)).valid).to.equal(true);
  });
});

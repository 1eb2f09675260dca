import { expect } from 'chai';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DecisionsRecordedData } from '../../server/src/domains/audit/decision-digest.js';
import type { AuditEvent, AuditReport, AuditVerification, Decision } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from '../policies/fixtures.js';
import { allEvents, eventually } from './helpers.js';

const allowRead = { effect: 'allow' as const, principals: { type: 'USER' }, resources: { type: 'database', identifiers: ['prod-*'] }, actions: ['read'] };
const request = (principal: string, identifier: string, action: string, context?: Record<string, unknown>) => ({
  principal: { type: 'USER', id: principal, attributes: { team: principal.length % 2 ? 'red' : 'blue' } },
  resource: { type: 'database', identifier },
  action,
  ...(context ? { context } : {}),
});
const batch = [
  request('u-alice', 'prod-1', 'read', { ip: '10.0.0.1' }),
  request('u-alice', 'prod-1', 'write'),
  request('u-bob', 'prod-2', 'read'),
  request('u-bob', 'dev-1', 'read'),
  request('u-carol', 'prod-1', 'write'),
];

async function seeded(auditDecisionEvents: 'all' | 'digest'): Promise<{ t: TestApp; token: string; caller: string; decisions: Decision[] }> {
  const t = await startTestApp({ config: { auditDecisionEvents } });
  const client = await registerClient(t.app, ['admin:all']);
  const token = await accessToken(t.app, client);
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/policies',
    headers: { authorization: `Bearer ${token}` },
    payload: samplePolicy({ name: 'db-read', rules: [allowRead] }),
  });
  expect(created.statusCode, created.body).to.equal(201);
  const answered = await t.app.inject({
    method: 'POST',
    url: '/v1/decisions/batch',
    headers: { authorization: `Bearer ${token}` },
    payload: { requests: batch },
  });
  expect(answered.statusCode, answered.body).to.equal(200);
  return { t, token, caller: client.clientId, decisions: answered.json().results };
}

async function verify(app: FastifyInstance, token: string): Promise<AuditVerification> {
  const response = await app.inject({ method: 'GET', url: '/v1/audit/verify', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body).to.equal(200);
  expectSchema('audit-verify', response.json());
  return response.json();
}

async function accessSummary(app: FastifyInstance, token: string): Promise<AuditReport & { result: unknown }> {
  const started = await app.inject({
    method: 'POST',
    url: '/v1/audit/reports',
    headers: { authorization: `Bearer ${token}` },
    payload: { kind: 'access_summary' },
  });
  expect(started.statusCode, started.body).to.equal(202);
  const { id } = started.json() as AuditReport;
  return eventually(async () => {
    const report = (await app.inject({ method: 'GET', url: `/v1/audit/reports/${id}`, headers: { authorization: `Bearer ${token}` } })).json();
    expect(report.status).to.not.equal('failed');
    return report.status === 'completed' ? report : undefined;
  });
}

describe('auditDecisionEvents=digest: one decisions.recorded event per recording write', function () {
  this.timeout(60_000);
  let digest: Awaited<ReturnType<typeof seeded>>;
  /** A session of its own, as an attacker with database access would have: triggers off. */
  let attacker: pg.Client;

  before(async () => {
    digest = await seeded('digest');
    attacker = new pg.Client({ connectionString: digest.t.config.databaseUrl });
    await attacker.connect();
    await attacker.query("SET session_replication_role = 'replica'");
  });
  after(async () => {
    await attacker.end();
    await digest.t.close();
  });

  const recordedEvents = async (): Promise<AuditEvent[]> => (await allEvents(digest.t.app)).filter((event) => event.chain === 'decision');

  it('names every decision of a batch, in order, with who, what and which way, in one event on the decision chain', async () => {
    const events = await recordedEvents();
    expect(events.map((event) => event.type)).to.deep.equal(['decisions.recorded']);
    const [event] = events;
    expectSchema('audit-event', event);
    const data = event!.data as unknown as DecisionsRecordedData;
    expect(data).to.include({ count: 5, allow: 2, deny: 3 });
    expect(data.digest).to.match(/^[0-9a-f]{64}$/);
    expect(data.decisions).to.deep.equal(
      digest.decisions.map((decision, n) => ({
        id: decision.id,
        decision: decision.decision,
        principal_id: batch[n]!.principal.id,
        principal_type: 'USER',
        resource_type: 'database',
        resource: batch[n]!.resource.identifier,
        action: batch[n]!.action,
        caller: digest.caller,
      })),
    );
    expect(event!.actor).to.deep.equal({ subject: 'system:decision-recorder', client_id: null, token_kind: 'system' });
    expect(event!.target).to.deep.equal({ type: 'decision', id: digest.decisions[0]!.id });
    // Dated by its earliest decision, so retention never keeps it longer than what it names.
    expect(event!.time).to.equal(digest.decisions[0]!.timestamp);
  });

  it('records every decision of concurrent calls exactly once across its events, and the log verifies', async () => {
    const ids = await Promise.all(
      Array.from({ length: 40 }, async (_, n) => {
        const response = await digest.t.app.inject({
          method: 'POST',
          url: '/v1/decisions/evaluate',
          headers: { authorization: `Bearer ${digest.token}` },
          payload: request(`u-${n}`, `prod-${n}`, 'read'),
        });
        expect(response.statusCode, response.body).to.equal(200);
        return (response.json() as Decision).id;
      }),
    );
    const listed = (await recordedEvents()).flatMap((event) => (event.data as unknown as DecisionsRecordedData).decisions.map((entry) => entry.id));
    expect(listed).to.have.length(45);
    expect(new Set(listed).size).to.equal(45);
    expect(listed).to.include.members([...ids, ...digest.decisions.map((decision) => decision.id)]);
    const result = await verify(digest.t.app, digest.token);
    expect(result.valid, JSON.stringify(result.first_broken_link)).to.equal(true);
  });

  it('keeps both chains whole while two replicas record digests and changes interleave', async () => {
    const second = await startTestApp({
      databaseUrl: digest.t.config.databaseUrl,
      config: { keyEncryptionKey: digest.t.config.keyEncryptionKey, auditDecisionEvents: 'digest' },
    });
    try {
      const before = (await recordedEvents()).length;
      const replicas = [digest.t.app, second.app];
      const ids: string[] = [];
      for (let wave = 0; wave < 4; wave++) {
        const answers = await Promise.all([
          ...Array.from({ length: 20 }, (_, n) =>
            replicas[(n + wave) % 2]!.inject({
              method: 'POST',
              url: '/v1/decisions/evaluate',
              headers: { authorization: `Bearer ${digest.token}` },
              payload: request(`w${wave}-${n}`, `prod-${n}`, n % 3 ? 'read' : 'write'),
            }),
          ),
          digest.t.app.inject({
            method: 'POST',
            url: '/v1/principals',
            headers: { authorization: `Bearer ${digest.token}` },
            payload: { kind: 'service', name: `svc-${wave}` },
          }),
        ]);
        for (const answer of answers.slice(0, -1)) {
          expect(answer.statusCode, answer.body).to.equal(200);
          ids.push((answer.json() as Decision).id);
        }
        expect(answers.at(-1)!.statusCode, answers.at(-1)!.body).to.equal(201);
      }
      const events = (await recordedEvents()).slice(before);
      expect(events.length, 'writes of both replicas').to.be.at.least(2);
      const listed = events.flatMap((event) => (event.data as unknown as DecisionsRecordedData).decisions.map((entry) => entry.id));
      expect([...listed].sort()).to.deep.equal([...ids].sort());
      const result = await verify(digest.t.app, digest.token);
      expect(result.valid, JSON.stringify(result.first_broken_link)).to.equal(true);
    } finally {
      await second.close();
    }
  });

  describe('verification recomputes the digest from the stored decisions', () => {
    /** Runs `change` on the decisions, then puts them back, so tests stay independent. */
    async function tampered(change: () => Promise<unknown>): Promise<AuditVerification> {
      await attacker.query('CREATE TEMP TABLE saved_decisions AS SELECT * FROM decisions');
      try {
        await change();
        return await verify(digest.t.app, digest.token);
      } finally {
        await attacker.query('DELETE FROM decisions');
        await attacker.query('INSERT INTO decisions SELECT * FROM saved_decisions');
        await attacker.query('DROP TABLE saved_decisions');
      }
    }

    it('names the event when a decision it recorded was edited (a deny turned into an allow)', async () => {
      const [event] = await recordedEvents();
      const victim = digest.decisions[1]!;
      const result = await tampered(() =>
        attacker.query(`UPDATE decisions SET decision = 'allow', result = jsonb_set(result, '{decision}', '"allow"') WHERE id = $1`, [victim.id]),
      );
      expect(result.valid).to.equal(false);
      expect(result.first_broken_link).to.deep.include({
        chain: 'decision',
        event_id: event!.id,
        sequence: event!.sequence,
        problem: 'decision_record_mismatch',
        expected: (event!.data as unknown as DecisionsRecordedData).digest,
      });
    });

    it('names the event when a decision it recorded was deleted', async () => {
      const [event] = await recordedEvents();
      const victim = digest.decisions[3]!;
      const result = await tampered(() => attacker.query('DELETE FROM decisions WHERE id = $1', [victim.id]));
      expect(result.first_broken_link).to.deep.include({ event_id: event!.id, problem: 'decision_record_mismatch' });
      expect(result.first_broken_link!.detail).to.include(victim.id);
    });

    it('passes an event whose decisions are older than every decision stored, as after retention dropped their month first', async () => {
      const result = await tampered(() =>
        attacker.query('DELETE FROM decisions WHERE id = ANY($1::uuid[])', [digest.decisions.map((decision) => decision.id)]),
      );
      expect(result.valid, JSON.stringify(result.first_broken_link)).to.equal(true);
    });

    it('passes again once the decisions are as recorded', async () => {
      expect((await verify(digest.t.app, digest.token)).valid).to.equal(true);
    });
  });

  it('gives the same access summary as decision.evaluated events do, also read one event per chunk', async () => {
    const all = await seeded('all');
    try {
      const fromAll = await accessSummary(all.t.app, all.token);
      const fresh = await seeded('digest');
      try {
        const fromDigest = await accessSummary(fresh.t.app, fresh.token);
        expect(fromDigest.result).to.deep.equal(fromAll.result);
        expect(fromAll.progress.events_processed).to.equal(5);
        expect(fromDigest.progress.events_processed).to.equal(1);
        // A chunk stops once its events' data passes chunkBytes: with 1 byte, one event per chunk.
        await fresh.t.app.inject({
          method: 'POST',
          url: '/v1/decisions/batch',
          headers: { authorization: `Bearer ${fresh.token}` },
          payload: { requests: batch },
        });
        let chunks = 0;
        fresh.t.app.audit.reports.tuning = { ...fresh.t.app.audit.reports.tuning, chunkBytes: 1, afterChunk: async () => void chunks++ };
        const twice = await accessSummary(fresh.t.app, fresh.token);
        expect(twice.progress.events_processed).to.equal(2);
        expect(chunks).to.equal(2);
        expect((twice.result as { totals: unknown }).totals).to.deep.equal({ evaluated: 10, allow: 4, deny: 6 });
      } finally {
        await fresh.t.close();
      }
    } finally {
      await all.t.close();
    }
  });
});

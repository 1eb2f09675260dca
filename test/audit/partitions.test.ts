import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createKnex } from '../../server/src/db/knex.js';
import { migrations } from '../../server/src/db/migrations/index.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { ensureMonthPartitions } from '../../server/src/db/month-partitions.js';
import { applyDecisionRetention } from '../../server/src/domains/audit/retention.js';
import { verifyAuditLog } from '../../server/src/domains/audit/verify.js';
import type { EventType } from '../../server/src/events/catalog.js';
import { systemContext } from '../../server/src/events/context.js';
import { changeEvent } from '../../server/src/events/event.js';
import type { AuditEvent } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { emptyDatabase } from '../helpers/database.js';
import { allEvents } from './helpers.js';
import { auditedDatabase } from '../helpers/audited-database.js';

const day = 86_400_000;

async function append(db: Knex, type: EventType, id: string, at: Date): Promise<AuditEvent> {
  const [event] = await db.transaction((trx) =>
    auditedDatabase(db).auditLog.append(trx, [changeEvent({ ...systemContext('system:partition-test'), now: at }, type, { type: 'test', id }, null)]),
  );
  return event!;
}

async function partitionOf(db: Knex, table: 'audit_events' | 'decisions', id: string): Promise<string | undefined> {
  const result = (await db.raw(`SELECT tableoid::regclass::text AS name FROM ${table} WHERE id = ?`, [id])) as { rows: Array<{ name: string }> };
  return result.rows[0]?.name;
}

async function monthPartitions(db: Knex, table: 'decisions' | 'audit_events_decision'): Promise<string[]> {
  const result = (await db.raw('SELECT partition_name FROM acctl_month_partitions(?)', [table])) as { rows: Array<{ partition_name: string }> };
  return result.rows.map((row) => row.partition_name);
}

/** A copy of a recorded decision, under a new id, as if it had been made at `at`. */
async function copyDecision(db: Knex, id: string, at: Date): Promise<string> {
  const copy = randomUUID();
  await db.raw(
    `INSERT INTO decisions (id, created_at, decision, principal_id, principal_type, resource_type, resource_identifier, action, caller_subject, client_id, request_id, evaluation_time_ms, request, result)
     SELECT ?, ?, decision, principal_id, principal_type, resource_type, resource_identifier, action, caller_subject, client_id, request_id, evaluation_time_ms, request, result FROM decisions WHERE id = ?`,
    [copy, at, id],
  );
  return copy;
}

async function expectVerified(db: Knex): Promise<void> {
  const verification = await verifyAuditLog(db);
  expect(verification.valid, JSON.stringify(verification.first_broken_link)).to.equal(true);
}

describe('monthly partitions of decisions and decision events', () => {
  let t: TestApp;
  let token: string;
  let decisionId: string;

  before(async () => {
    t = await startTestApp();
    token = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/decisions/evaluate',
      headers: { authorization: `Bearer ${token}` },
      payload: { principal: { type: 'USER' }, resource: { type: 'database', identifier: 'x' }, action: 'read' },
    });
    expect(response.statusCode, response.body).to.equal(200);
    decisionId = response.json().id;
  });
  after(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('stores this month in its own partition, change events apart, and a month without a partition in the DEFAULT one', async () => {
    const now = new Date();
    const month = `${now.getUTCFullYear()}_${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(await partitionOf(t.app.db, 'decisions', decisionId)).to.equal(`decisions_${month}`);
    expect(await partitionOf(t.app.db, 'audit_events', decisionId)).to.equal(`audit_events_decision_${month}`);
    const change = await append(t.app.db, 'policy.updated', 'p', now);
    expect(await partitionOf(t.app.db, 'audit_events', change.id)).to.equal('audit_events_change');
    const far = await append(t.app.db, 'decision.evaluated', 'far', new Date('2031-07-04T12:00:00Z'));
    expect(await partitionOf(t.app.db, 'audit_events', far.id)).to.equal('audit_events_decision_default');
    const farDecision = await copyDecision(t.app.db, decisionId, new Date('2031-07-04T12:00:00Z'));
    expect(await partitionOf(t.app.db, 'decisions', farDecision)).to.equal('decisions_default');
  });

  it('creates the months ahead, and moves rows out of the DEFAULT partition into their month', async () => {
    const far = await append(t.app.db, 'decision.evaluated', 'far-2', new Date('2032-02-10T00:00:00Z'));
    const created = await ensureMonthPartitions(t.app.db, new Date('2032-01-15T00:00:00Z'), 2);
    expect(created).to.include.members([
      'decisions_2032_01',
      'decisions_2032_02',
      'decisions_2032_03',
      'audit_events_decision_2032_02',
      'audit_events_decision_2031_07',
    ]);
    expect(await partitionOf(t.app.db, 'audit_events', far.id)).to.equal('audit_events_decision_2032_02');
    const moved = (await allEvents(t.app)).find((event) => event.target.id === 'far');
    expect(await partitionOf(t.app.db, 'audit_events', moved!.id)).to.equal('audit_events_decision_2031_07');
    expect(await ensureMonthPartitions(t.app.db, new Date('2032-01-15T00:00:00Z'), 2)).to.deep.equal([]);
    await expectVerified(t.app.db);
  });

  it('answers GET by id for decisions and events in any partition', async () => {
    const old = await copyDecision(t.app.db, decisionId, new Date('2031-07-04T12:00:00Z'));
    for (const id of [decisionId, old]) {
      const response = await get(`/v1/decisions/${id}`);
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.json().id).to.equal(id);
    }
    const events = await allEvents(t.app);
    for (const event of [events.find((e) => e.id === decisionId)!, events.find((e) => e.target.id === 'far')!, events.find((e) => e.chain === 'change')!]) {
      const response = await get(`/v1/audit/events/${event.id}`);
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.json()).to.deep.equal(event);
    }
    expect((await get(`/v1/decisions/${randomUUID()}`)).statusCode).to.equal(404);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the partitions themselves, not only through audit_events', async () => {
    const month = (await monthPartitions(t.app.db, 'audit_events_decision'))[0]!;
    for (const sql of [
      'TRUNCATE audit_events_change',
      "UPDATE audit_events_change SET type = 'x'",
      `DELETE FROM ${month}`,
      'TRUNCATE audit_events_decision',
      `TRUNCATE ${month}`,
      'TRUNCATE audit_events_decision_default',
    ]) {
      const error = await t.app.db.raw(sql).then(
        () => undefined,
        (caught: Error) => caught,
      );
      expect(error?.message, sql).to.match(/append-only/);
    }
  });

  it('lets two replicas create the same months at once: each month once, its rows moved once', async () => {
    const other = createKnex(t.config.databaseUrl, 4);
    try {
      await append(t.app.db, 'decision.evaluated', 'race', new Date('2034-05-05T00:00:00Z'));
      const [a, b] = await Promise.all([
        ensureMonthPartitions(t.app.db, new Date('2034-04-01T00:00:00Z')),
        ensureMonthPartitions(other, new Date('2034-04-01T00:00:00Z')),
      ]);
      expect([...a, ...b].sort()).to.deep.equal(
        [
          'audit_events_decision_2034_04',
          'audit_events_decision_2034_05',
          'audit_events_decision_2034_06',
          'audit_events_decision_2034_07',
          'decisions_2034_04',
          'decisions_2034_05',
          'decisions_2034_06',
          'decisions_2034_07',
        ].sort(),
      );
      expect((await allEvents(t.app)).filter((event) => event.target.id === 'race')).to.have.lengthOf(1);
      await expectVerified(t.app.db);
    } finally {
      await other.destroy();
    }
  });
});

describe('retention by dropping months', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  it('drops a whole old month of decisions and decision events, keeps its change events, and the chain verifies from its anchor', async () => {
    const may = new Date('2021-05-10T00:00:00Z');
    const oldEvents = [await append(t.app.db, 'decision.evaluated', 'may-1', may), await append(t.app.db, 'decision.evaluated', 'may-2', may)];
    const change = await append(t.app.db, 'principal.deleted', 'may-change', may);
    const kept = await append(t.app.db, 'decision.evaluated', 'recent', new Date());
    const template = randomUUID();
    await t.app.db('decisions').insert({
      id: template,
      created_at: may,
      decision: 'allow',
      principal_type: 'USER',
      resource_type: 'database',
      resource_identifier: 'x',
      action: 'read',
      caller_subject: 'test',
      evaluation_time_ms: 0.01,
      request: {},
      result: {},
    });
    await ensureMonthPartitions(t.app.db, new Date());
    expect(await monthPartitions(t.app.db, 'audit_events_decision')).to.include('audit_events_decision_2021_05');
    expect(await monthPartitions(t.app.db, 'decisions')).to.include('decisions_2021_05');

    const result = await applyDecisionRetention(t.app, { now: new Date(), retentionDays: 90 });
    expect(result).to.deep.include({ deleted: 2, anchor: { sequence: oldEvents[1]!.sequence, hash: oldEvents[1]!.hash }, decisionsDeleted: 1 });
    expect(await monthPartitions(t.app.db, 'audit_events_decision')).not.to.include('audit_events_decision_2021_05');
    expect(await monthPartitions(t.app.db, 'decisions')).not.to.include('decisions_2021_05');
    const after = await allEvents(t.app);
    expect(after.map((event) => event.id)).to.include.members([change.id, kept.id]);
    expect(after.map((event) => event.id)).not.to.include.members(oldEvents.map((event) => event.id));
    const anchors = after.filter((event) => event.type === 'audit.retention_applied');
    expect(anchors).to.have.lengthOf(1);
    expect(anchors[0]!.data).to.include({ deleted: 2, through_sequence: oldEvents[1]!.sequence, through_hash: oldEvents[1]!.hash, retention_days: 90 });
    await expectVerified(t.app.db);
  });
});

describe('retention at the end of a month, where months and commit order disagree', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  describe('an event of the next month committed before the last of the month', () => {
    // A replica with a slow clock commits an event "of" late June after one of early July.
    const july = new Date('2022-07-01T00:00:01Z');
    const lateJune = new Date('2022-06-30T23:59:59Z');
    const laterJuly = new Date('2022-07-01T00:30:00Z');
    let straggler: AuditEvent;
    let lastOfJune: AuditEvent;
    let afterwards: AuditEvent;

    before(async () => {
      straggler = await append(t.app.db, 'decision.evaluated', 'july-first', july);
      lastOfJune = await append(t.app.db, 'decision.evaluated', 'june-last', lateJune);
      afterwards = await append(t.app.db, 'decision.evaluated', 'july-later', laterJuly);
    });

    it('keeps the month while an event with a lower sequence in the next month is not yet past retention', async () => {
      // The cut-off falls between the month's end and the straggler.
      const before = new Date('2022-07-01T00:00:00.500Z');
      const result = await applyDecisionRetention(t.app, { now: new Date(before.getTime() + 30 * day), retentionDays: 30 });
      expect(result.deleted).to.equal(0);
      expect(await monthPartitions(t.app.db, 'audit_events_decision')).to.include('audit_events_decision_2022_06');
      await expectVerified(t.app.db);
    });

    it('then drops the month with the straggler, so the deleted events are a prefix of the chain', async () => {
      const before = new Date('2022-07-01T00:10:00Z');
      const result = await applyDecisionRetention(t.app, { now: new Date(before.getTime() + 30 * day), retentionDays: 30 });
      expect(result).to.deep.include({ deleted: 2, anchor: { sequence: lastOfJune.sequence, hash: lastOfJune.hash } });
      const ids = (await allEvents(t.app)).map((event) => event.id);
      expect(ids).not.to.include.members([straggler.id, lastOfJune.id]);
      expect(ids).to.include(afterwards.id);
      expect(await monthPartitions(t.app.db, 'audit_events_decision')).to.include('audit_events_decision_2022_07');
      await expectVerified(t.app.db);
    });
  });
});

describe('retention on two replicas at once', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  it('records each month once when two replicas apply retention at once', async () => {
    const events = [
      await append(t.app.db, 'decision.evaluated', 'jan', new Date('2023-01-05T00:00:00Z')),
      await append(t.app.db, 'decision.evaluated', 'feb', new Date('2023-02-05T00:00:00Z')),
    ];
    await ensureMonthPartitions(t.app.db, new Date());
    const other = createKnex(t.config.databaseUrl, 4);
    try {
      const options = { now: new Date('2023-03-02T00:00:00Z'), retentionDays: 1 };
      const [a, b] = await Promise.all([applyDecisionRetention(t.app, options), applyDecisionRetention(auditedDatabase(other), options)]);
      expect(a.deleted + b.deleted).to.equal(2);
      const anchors = (await allEvents(t.app)).filter((event) => event.type === 'audit.retention_applied' && event.data.before === '2023-03-01T00:00:00.000Z');
      expect(anchors.map((event) => event.data.through_sequence)).to.deep.equal(events.map((event) => event.sequence));
      await expectVerified(t.app.db);
    } finally {
      await other.destroy();
    }
  });
});

describe('migrating a log that has events to the partitioned tables', () => {
  it('keeps every row, the chains verify, and appends go on with the next sequence numbers', async () => {
    const url = await emptyDatabase();
    const db = createKnex(url, 2);
    try {
      const before = Object.keys(migrations).filter((name) => name < '20261126');
      const source: Knex.MigrationSource<string> = {
        getMigrations: async () => before,
        getMigrationName: (name) => name,
        getMigration: async (name) => migrations[name]!,
      };
      await db.migrate.latest({ migrationSource: source });
      // Today's appender writes columns added after the partitioning (client_request_id and
      // actor_act, null for these events, which the chain leaves out): present while it writes the
      // old log's rows, gone again before the migrations run, so the log is as the code of that time left it.
      await db.raw('ALTER TABLE audit_events ADD COLUMN client_request_id text, ADD COLUMN actor_act jsonb');
      const written = [
        await append(db, 'decision.evaluated', 'old', new Date('2024-03-03T00:00:00Z')),
        await append(db, 'policy.created', 'p', new Date('2024-03-04T00:00:00Z')),
        await append(db, 'decision.evaluated', 'new', new Date()),
      ];
      await db.raw('ALTER TABLE audit_events DROP COLUMN client_request_id, DROP COLUMN actor_act');
      await db('decisions').insert({
        id: written[0]!.id,
        created_at: new Date('2024-03-03T00:00:00Z'),
        decision: 'deny',
        principal_type: 'USER',
        resource_type: 'db',
        resource_identifier: 'x',
        action: 'read',
        caller_subject: 'test',
        evaluation_time_ms: 0.02,
        request: { a: 1 },
        result: { b: 2 },
      });

      await migrateToLatest(db);
      expect(await partitionOf(db, 'audit_events', written[0]!.id)).to.equal('audit_events_decision_2024_03');
      expect(await partitionOf(db, 'audit_events', written[1]!.id)).to.equal('audit_events_change');
      expect(await partitionOf(db, 'decisions', written[0]!.id)).to.equal('decisions_2024_03');
      expect((await db('decisions').where({ id: written[0]!.id }).first()).request).to.deep.equal({ a: 1 });
      const next = await append(db, 'decision.evaluated', 'after', new Date());
      expect(next.sequence).to.equal(written[2]!.sequence + 1);
      expect(next.prev_hash).to.equal(written[2]!.hash);
      const events = (await db('audit_events').count<{ count: string }[]>({ count: '*' }))[0]!;
      expect(Number(events.count)).to.equal(4);
      await expectVerified(db);
    } finally {
      await db.destroy();
    }
  });
});

import { createHash } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import fc from 'fast-check';
import { canonicalJson, type AuditEvent, type AuditVerification } from '../../core/src/index.js';
import { stagedAppendFrom } from '../../server/src/domains/audit/audit-log.js';
import { hashEvent, hashSealedEvent } from '../../server/src/domains/audit/chain.js';
import { retentionQueue } from '../../server/src/domains/audit/plugin.js';
import { applyDecisionRetention } from '../../server/src/domains/audit/retention.js';
import { systemContext } from '../../server/src/events/context.js';
import { changeEvent } from '../../server/src/events/event.js';
import type { EventType } from '../../server/src/events/catalog.js';
import type { DomainEvent } from '../../server/src/events/types.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { allEvents } from './helpers.js';

const past = new Date('2020-03-01T12:00:00Z');

/** The value as it reads back from JSON (Dates become ISO strings, undefined members disappear). */
const asJson = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

describe('audit log hash chains', () => {
  let t: TestApp;
  let auditor: string;
  /** A session of its own, as an attacker with database access would have: triggers off. */
  let attacker: pg.Client;

  before(async () => {
    t = await startTestApp();
    auditor = await accessToken(t.app, await registerClient(t.app, ['read:audit']));
    attacker = new pg.Client({ connectionString: t.config.databaseUrl });
    await attacker.connect();
    await attacker.query("SET session_replication_role = 'replica'");
  });
  after(async () => {
    await attacker.end();
    await t.close();
  });

  const append = (type: EventType, id: string, at = new Date()) =>
    t.app.db.transaction((trx) =>
      t.app.auditLog.append(trx, [changeEvent({ ...systemContext('system:chain-test'), now: at }, type, { type: 'test', id }, null, { n: id })]),
    );
  const verify = async (): Promise<AuditVerification> => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/audit/verify', headers: { authorization: `Bearer ${auditor}` } });
    expect(response.statusCode, response.body).to.equal(200);
    expectSchema('audit-verify', response.json());
    return response.json();
  };
  /** Runs `change` on a copy of the log and puts the log back afterwards, so tests stay independent. */
  async function tampered(change: () => Promise<unknown>, check: (result: AuditVerification) => void): Promise<void> {
    await attacker.query('CREATE TEMP TABLE saved AS SELECT * FROM audit_events');
    try {
      await change();
      check(await verify());
    } finally {
      await attacker.query('DELETE FROM audit_events');
      await attacker.query('INSERT INTO audit_events SELECT * FROM saved');
      await attacker.query('DROP TABLE saved');
    }
  }

  describe('verification', () => {
    before(async () => {
      for (let n = 0; n < 6; n++) await append(n % 2 ? 'decision.evaluated' : 'policy.updated', `v${n}`);
      // Concurrent appends still form one chain each.
      await Promise.all(Array.from({ length: 20 }, (_, n) => append(n % 3 ? 'policy.created' : 'decision.evaluated', `c${n}`)));
    });

    it("passes on a log as written, naming each chain's head", async () => {
      const result = await verify();
      expect(result.valid, JSON.stringify(result.first_broken_link)).to.equal(true);
      expect(result.first_broken_link).to.equal(null);
      const events = await allEvents(t.app);
      for (const chain of ['change', 'decision'] as const) {
        const own = events.filter((event) => event.chain === chain);
        const report = result.chains.find((entry) => entry.chain === chain)!;
        expect(report).to.deep.include({ valid: true, events_checked: own.length, anchor: null });
        expect(report.head).to.deep.equal({ sequence: own.at(-1)!.sequence, hash: own.at(-1)!.hash });
      }
    });

    it("lets anyone recompute an event's hash from the API's JSON (RFC 8785, SHA-256)", async () => {
      const response = await t.app.inject({ method: 'GET', url: '/v1/audit/events?limit=5', headers: { authorization: `Bearer ${auditor}` } });
      for (const event of response.json().data as AuditEvent[]) {
        const { hash, ...fields } = event;
        expect(createHash('sha256').update(canonicalJson(fields)).digest('hex')).to.equal(hash);
      }
    });

    it('names an edited event: its hash no longer matches its contents', async () => {
      const victim = (await allEvents(t.app)).find((event) => event.target.id === 'v2')!;
      await tampered(
        () => attacker.query("UPDATE audit_events SET actor_subject = 'someone-else' WHERE id = $1", [victim.id]),
        (result) => {
          expect(result.valid).to.equal(false);
          expect(result.first_broken_link).to.deep.include({ chain: 'change', event_id: victim.id, sequence: victim.sequence, problem: 'hash_mismatch' });
          expect(result.chains.find((chain) => chain.chain === 'decision')!.valid).to.equal(true);
        },
      );
    });

    it('names the next event when an edit comes with a recomputed hash', async () => {
      const events = await allEvents(t.app);
      const victim = events.find((event) => event.target.id === 'v1')!; // a decision event
      const next = events.find((event) => event.chain === 'decision' && event.sequence > victim.sequence)!;
      const edited = { ...victim, data: { ...victim.data, decision: 'allow' } };
      const { hash: _old, ...fields } = edited;
      const forgedHash = createHash('sha256').update(canonicalJson(fields)).digest();
      await tampered(
        () => attacker.query('UPDATE audit_events SET data = $1, hash = $2 WHERE id = $3', [JSON.stringify(edited.data), forgedHash, victim.id]),
        (result) => {
          expect(result.first_broken_link).to.deep.include({ chain: 'decision', event_id: next.id, sequence: next.sequence, problem: 'prev_hash_mismatch' });
          expect(result.first_broken_link!.actual).to.equal(victim.hash);
        },
      );
    });

    it('names the event after a deleted one', async () => {
      const events = (await allEvents(t.app)).filter((event) => event.chain === 'change');
      const [victim, next] = [events[1]!, events[2]!];
      await tampered(
        () => attacker.query('DELETE FROM audit_events WHERE id = $1', [victim.id]),
        (result) => expect(result.first_broken_link).to.deep.include({ event_id: next.id, problem: 'prev_hash_mismatch' }),
      );
    });

    it('walks the log in chunks, never all of it at once', async () => {
      const { verifyAuditLog } = await import('../../server/src/domains/audit/verify.js');
      const result = await verifyAuditLog(t.app.db, { chunkSize: 3 });
      expect(result.valid).to.equal(true);
      expect(result.chains.reduce((sum, chain) => sum + chain.events_checked, 0)).to.equal((await allEvents(t.app)).length);
    });
  });

  describe('append-only', () => {
    it('refuses UPDATE, DELETE and TRUNCATE from the application, whatever the row', async () => {
      await append('decision.evaluated', 'guarded');
      for (const statement of ["UPDATE audit_events SET target_id = 'x'", "DELETE FROM audit_events WHERE chain = 'decision'", 'TRUNCATE audit_events']) {
        const error = await t.app.db.raw(statement).then(
          () => undefined,
          (e: Error) => e,
        );
        expect(error?.message, statement).to.match(/append-only/);
      }
    });
  });

  describe('large appends, staged before the lock', () => {
    /** `count` events of both chains in one transaction (a change set's size), or several batches in the same one. */
    const batch = (label: string, count: number): DomainEvent[] =>
      Array.from({ length: count }, (_, n) =>
        changeEvent(systemContext('system:chain-test'), n % 4 === 3 ? 'decision.evaluated' : 'policy.updated', { type: 'test', id: `${label}-${n}` }, null, {
          n,
          text: 'x'.repeat(n * 7),
        }),
      );

    it('stores every event of large appends running in parallel with small ones: numbered without gaps, each batch in its order, both chains verifying', async () => {
      const before = (await allEvents(t.app)).length;
      const large = Array.from({ length: 3 }, (_, k) => t.app.db.transaction((trx) => t.app.auditLog.append(trx, batch(`large${k}`, stagedAppendFrom + 40))));
      const small = Array.from({ length: 12 }, (_, k) => append(k % 2 ? 'decision.evaluated' : 'policy.created', `small${k}`));
      // One transaction appending twice: each append stages in a table of its own.
      const twice = t.app.db.transaction(async (trx) => [
        ...(await t.app.auditLog.append(trx, batch('twiceA', stagedAppendFrom))),
        ...(await t.app.auditLog.append(trx, batch('twiceB', stagedAppendFrom + 1))),
      ]);
      const answered = [...(await Promise.all(large)), await twice];
      await Promise.all(small);

      const stored = await allEvents(t.app);
      expect(stored.length).to.equal(before + 3 * (stagedAppendFrom + 40) + 12 + 2 * stagedAppendFrom + 1);
      expect(stored.map((event) => event.sequence)).to.deep.equal(stored.map((_, index) => stored[0]!.sequence + index));
      const byId = new Map(stored.map((event) => [event.id, event]));
      for (const events of answered) {
        // What the audit log's append answered is what the log holds, and a batch's events are consecutive, in the order given.
        expect(events.map((event) => byId.get(event.id))).to.deep.equal(asJson(events));
        expect(events.map((event) => event.sequence)).to.deep.equal(events.map((_, index) => events[0]!.sequence + index));
      }
      const result = await verify();
      expect(result.valid, JSON.stringify(result.first_broken_link)).to.equal(true);
    });

    it('leaves nothing when its transaction rolls back, and the next append links to the last committed event', async () => {
      const before = await allEvents(t.app);
      const failed = await t.app.db
        .transaction(async (trx) => {
          await t.app.auditLog.append(trx, batch('rolled-back', stagedAppendFrom + 3));
          throw new Error('the change failed after its events were appended');
        })
        .catch((error: Error) => error.message);
      expect(failed).to.match(/failed after/);
      expect(await allEvents(t.app)).to.deep.equal(before);
      const [next] = await t.app.db.transaction((trx) => t.app.auditLog.append(trx, batch('after-rollback', stagedAppendFrom)));
      expect(next!.sequence).to.be.greaterThan(before.at(-1)!.sequence);
      expect(next!.prev_hash).to.equal(before.filter((event) => event.chain === 'change').at(-1)!.hash);
      expect((await verify()).valid).to.equal(true);
    });
  });

  describe('retention of decision events', () => {
    let retained: TestApp;
    before(async () => {
      retained = await startTestApp();
    });
    after(async () => retained.close());

    const appendTo = (app: TestApp, type: EventType, id: string, at: Date) =>
      app.app.db.transaction((trx) =>
        app.app.auditLog.append(trx, [changeEvent({ ...systemContext('system:retention-test'), now: at }, type, { type: 'test', id }, null)]),
      );
    const verifyOf = async (app: TestApp) => (await import('../../server/src/domains/audit/verify.js')).verifyAuditLog(app.app.db);

    it('drops the old months of decision events, keeps every change event, and the chain still verifies from its anchor', async () => {
      for (let n = 0; n < 7; n++) await appendTo(retained, n === 3 ? 'policy.updated' : 'decision.evaluated', `old-${n}`, past);
      for (let n = 0; n < 3; n++) await appendTo(retained, 'decision.evaluated', `new-${n}`, new Date());
      const oldDecisions = (await allEvents(retained.app)).filter((event) => event.chain === 'decision' && event.target.id.startsWith('old'));

      const result = await applyDecisionRetention(retained.app, { now: new Date(), retentionDays: 30 });
      expect(result.deleted).to.equal(6);
      const after = await allEvents(retained.app);
      expect(after.filter((event) => event.target.id.startsWith('old')).map((event) => event.target.id)).to.deep.equal(['old-3']);
      expect(after.filter((event) => event.target.id.startsWith('new'))).to.have.lengthOf(3);
      const anchors = after.filter((event) => event.type === 'audit.retention_applied');
      expect(anchors.map((event) => event.data.deleted)).to.deep.equal([6]);
      expect(anchors.at(-1)!.data).to.include({ through_sequence: oldDecisions.at(-1)!.sequence, through_hash: oldDecisions.at(-1)!.hash });

      const verification = await verifyOf(retained);
      expect(verification.valid, JSON.stringify(verification.first_broken_link)).to.equal(true);
      expect(verification.chains[1]!.anchor).to.deep.equal({ sequence: oldDecisions.at(-1)!.sequence, hash: oldDecisions.at(-1)!.hash });
    });

    it('deletes only the run of oldest events: an old event after a young one waits for it', async () => {
      await appendTo(retained, 'decision.evaluated', 'late-old', past);
      const result = await applyDecisionRetention(retained.app, { now: new Date(), retentionDays: 30 });
      expect(result.deleted).to.equal(0);
      expect((await verifyOf(retained)).valid).to.equal(true);
    });

    it('still verifies, and keeps chaining, after every decision event is gone', async () => {
      const result = await applyDecisionRetention(retained.app, { now: new Date(Date.now() + 86_400_000 * 400), retentionDays: 30 });
      expect(result.deleted).to.equal(4);
      expect((await allEvents(retained.app)).filter((event) => event.chain === 'decision')).to.deep.equal([]);
      await appendTo(retained, 'decision.evaluated', 'after-all', new Date());
      const [first] = (await allEvents(retained.app)).filter((event) => event.chain === 'decision');
      expect(first!.prev_hash).to.equal(result.anchor!.hash);
      const verification = await verifyOf(retained);
      expect(verification.valid, JSON.stringify(verification.first_broken_link)).to.equal(true);
    });

    it('catches decision events deleted outside retention, past the anchor', async () => {
      await appendTo(retained, 'decision.evaluated', 'after-all-2', new Date());
      const client = new pg.Client({ connectionString: retained.config.databaseUrl });
      await client.connect();
      try {
        await client.query("SET session_replication_role = 'replica'");
        await client.query("DELETE FROM audit_events WHERE target_id = 'after-all'");
        const verification = await verifyOf(retained);
        expect(verification.first_broken_link).to.deep.include({ chain: 'decision', problem: 'prev_hash_mismatch' });
      } finally {
        await client.end();
      }
    });

    it('is scheduled as an hourly pg-boss job, and uses the configured period', async () => {
      const schedules = await retained.app.db('pgboss.schedule').where({ name: retentionQueue }).select('cron');
      expect(schedules).to.deep.equal([{ cron: '17 * * * *' }]);
      expect(retained.config.auditDecisionRetentionDays).to.equal(90);
      const off = await startTestApp({ config: { auditDecisionRetentionDays: 0 } });
      try {
        // Still hourly, for the months ahead; but nothing is deleted.
        expect(await off.app.db('pgboss.schedule').where({ name: retentionQueue }).select('cron')).to.deep.equal([{ cron: '17 * * * *' }]);
        expect(await off.app.audit.applyRetention()).to.deep.equal({ deleted: 0, anchor: null });
      } finally {
        await off.close();
      }
    });
  });

  describe('canonical JSON (RFC 8785)', () => {
    it('sorts members by UTF-16 code units, drops undefined, and writes numbers and strings as JSON.stringify does', () => {
      expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: { z: undefined, é: 1e21, y: -0 } })).to.equal('{"a":[true,null,"x"],"b":1,"c":{"y":0,"é":1e+21}}');
      expect(canonicalJson({ '\u20ac': 1, '\r': 2, '1': 3, '\u00c5': 4 })).to.equal('{"\\r":2,"1":3,"Å":4,"€":1}');
    });

    it('reads any value as JSON.stringify does, so an event hashes the same before it is stored and after it is read back', () => {
      const when = new Date('2026-11-22T10:00:00.123Z');
      expect(canonicalJson({ at: when, list: [undefined, () => 1, NaN, when], skip: () => 1, n: -Infinity })).to.equal(
        '{"at":"2026-11-22T10:00:00.123Z","list":[null,null,null,"2026-11-22T10:00:00.123Z"],"n":null}',
      );
      const values = fc.oneof(
        fc.jsonValue(),
        fc.dictionary(fc.string(), fc.oneof(fc.date({ noInvalidDate: true }), fc.constant(undefined), fc.double(), fc.jsonValue())),
      );
      fc.assert(
        fc.property(values, (value) => canonicalJson(value) === canonicalJson(asJson(value) ?? null) || value === undefined),
        { numRuns: 300 },
      );
    });

    it('hashes an event being sealed (its data and change rendered already) as hashEvent hashes it', () => {
      const text = fc.string({ unit: 'binary' });
      const nullable = fc.option(text, { nil: null });
      const envelope = fc.record({
        id: fc.uuid(),
        sequence: fc.nat(),
        chain: fc.constantFrom('change' as const, 'decision' as const),
        type: fc.constantFrom('decision.evaluated' as const, 'policy.created' as const, 'auth.failed' as const),
        time: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
        // A delegated caller's agents (RFC 8693 act) or none: both hash as hashEvent does.
        actor: fc.record(
          {
            subject: text,
            client_id: nullable,
            token_kind: fc.constantFrom('access_token' as const, 'session' as const, 'system' as const),
            act: fc.array(fc.record({ sub: text, client_id: text, kind: fc.constantFrom('agent' as const, 'user' as const) }, { requiredKeys: ['sub'] }), {
              minLength: 1,
              maxLength: 3,
            }),
          },
          { requiredKeys: ['subject', 'client_id', 'token_kind'] },
        ),
        target: fc.record({ type: text, id: text }),
        outcome: fc.constantFrom('success' as const, 'failure' as const),
        request: fc.record({ id: nullable, ip: nullable, user_agent: nullable }),
        prev_hash: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex')),
      });
      const data = fc.dictionary(text, fc.jsonValue());
      const change = fc.option(fc.record({ before: fc.jsonValue(), after: fc.jsonValue() }), { nil: null });
      fc.assert(
        fc.property(
          envelope,
          data,
          change,
          (fields, eventData, eventChange) =>
            hashSealedEvent(fields, canonicalJson(eventData), canonicalJson(eventChange)) ===
            hashEvent({ ...fields, data: eventData as Record<string, unknown>, change: eventChange as never }),
        ),
        { numRuns: 300 },
      );
    });
  });
});

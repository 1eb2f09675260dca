import { expect } from 'chai';
import type { Knex } from 'knex';
import { createKnex } from '../../server/src/db/knex.js';
import { freshDatabase } from '../helpers/database.js';

/** An event of `chain` as the functions store it; the hashes are not checked by them, only carried. */
function event(seq: number, chain: 'change' | 'decision'): Record<string, unknown> {
  return {
    seq,
    id: `00000000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    chain,
    type: chain === 'change' ? 'auth.token_issued' : 'decision.evaluated',
    occurred_at: new Date().toISOString(),
    actor_subject: 'client:bench',
    actor_token_kind: 'client',
    target_type: 'oauth_client',
    target_id: 'bench',
    outcome: 'success',
    data: {},
    prev_hash: '\\x00',
    hash: `\\x${seq.toString(16).padStart(64, '0')}`,
  };
}

/**
 * The audit log's head lookups (acctl_append_change_events, acctl_audit_reserve,
 * acctl_audit_decision_head) read one row of a chain whatever its length. PL/pgSQL keeps a
 * session's plan of each lookup; made while the log was empty, that plan scanned the whole chain
 * and sorted it on every later append, under the log's lock, until the table was next analysed:
 * the DPoP bench read thousands of rows per token. Each lookup is made once on a new log and
 * again, in the same session, after 3,000 more events of each chain, counting the rows it read.
 */
describe('audit log head lookups', function () {
  this.timeout(60_000);
  let db: Knex;

  before(async () => {
    db = createKnex(await freshDatabase(), 1); // one session: the plans cached by the first calls are the ones used after
  });
  after(() => db.destroy());

  async function tail(trx: Knex | Knex.Transaction): Promise<{ sequence: number; head: Buffer | null }> {
    const { rows } = (await trx.raw(
      `SELECT (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM audit_events_sequence) AS sequence,
              (SELECT hash FROM audit_events WHERE chain = 'change' ORDER BY seq DESC LIMIT 1) AS head`,
    )) as { rows: Array<{ sequence: string; head: Buffer | null }> };
    return { sequence: Number(rows[0]!.sequence), head: rows[0]!.head };
  }

  /** Rows of audit_events' partitions this transaction read, by scans and index fetches. */
  async function rowsRead(trx: Knex.Transaction): Promise<number> {
    const { rows } = (await trx.raw(
      `SELECT coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0) AS read FROM pg_stat_xact_user_tables WHERE relname LIKE 'audit\\_events\\_%'`,
    )) as { rows: Array<{ read: string }> };
    return Number(rows[0]!.read);
  }

  /** Calls each lookup in its own transaction, answering the rows each read; rolls back, so the log keeps its events. */
  async function lookups(): Promise<Record<string, number>> {
    const read: Record<string, number> = {};
    const calls: Record<string, (trx: Knex.Transaction) => Promise<unknown>> = {
      acctl_append_change_events: async (trx) => {
        const { sequence, head } = await tail(trx);
        const before = await rowsRead(trx);
        const { rows } = (await trx.raw('SELECT answer FROM acctl_append_change_events(?, ?, ?::jsonb)', [
          sequence,
          head,
          JSON.stringify([event(sequence + 1, 'change')]),
        ])) as {
          rows: Array<{ answer: string }>;
        };
        expect(rows[0]!.answer).to.equal('recorded');
        return before;
      },
      acctl_audit_reserve: async (trx) => {
        const before = await rowsRead(trx);
        await trx.raw('SELECT * FROM acctl_audit_reserve(1)');
        return before;
      },
      acctl_audit_decision_head: async (trx) => {
        const before = await rowsRead(trx);
        await trx.raw('SELECT acctl_audit_decision_head()');
        return before;
      },
    };
    for (const [name, call] of Object.entries(calls)) {
      const trx = await db.transaction();
      try {
        const before = (await call(trx)) as number;
        read[name] = (await rowsRead(trx)) - before;
      } finally {
        await trx.rollback();
      }
    }
    return read;
  }

  async function store(from: number, count: number): Promise<void> {
    const events = Array.from({ length: count }, (_, n) => event(from + n, (from + n) % 2 === 0 ? 'change' : 'decision'));
    await db.raw('INSERT INTO audit_events SELECT * FROM jsonb_populate_recordset(NULL::audit_events, ?::jsonb)', [JSON.stringify(events)]);
    await db.raw("SELECT setval('audit_events_sequence', ?)", [from + count - 1]);
  }

  it('read one row of each chain they look at, on a new log and on one of 6,000 events', async () => {
    await store(1, 4); // a server's first events: the plans are made on a log of a few rows, as they were in the bench
    const onNew = await lookups();
    await store(5, 6_000);
    const onFull = await lookups();
    // The change head (and for reserve the decision head): one row each, fetched by an index.
    expect(onFull).to.deep.equal({ acctl_append_change_events: 1, acctl_audit_reserve: 2, acctl_audit_decision_head: 1 });
    expect(onNew).to.deep.equal({ acctl_append_change_events: 1, acctl_audit_reserve: 2, acctl_audit_decision_head: 1 });
  });
});

import type { Knex } from 'knex';
import { GroupCommit, type GroupCommitOptions } from '../../db/group-commit.js';
import { insertJsonRowsSql } from '../../db/json-rows.js';
import { inPgTransaction, pgQuery } from '../../db/pg-transaction.js';
import type { Generations } from '../../plugins/change-feed.js';
import type { DomainEvent } from '../../events/types.js';
import type { AuditEvent } from '../../generated/schema-types.js';
import { insertAuditEventsSql, readReservation, reserveSql, sealEvents } from '../audit/audit-log.js';
import { chainOf, genesisHash } from '../audit/chain.js';

export interface DecisionRow {
  id: string;
  created_at: Date;
  decision: 'allow' | 'deny';
  principal_id: string | null;
  principal_type: string;
  resource_type: string;
  resource_identifier: string;
  action: string;
  caller_subject: string;
  client_id: string | null;
  request_id: string | null;
  evaluation_time_ms: number;
  request: unknown;
  result: unknown;
}

const decisionColumns = [
  'id', 'created_at', 'decision', 'principal_id', 'principal_type', 'resource_type', 'resource_identifier', 'action',
  'caller_subject', 'client_id', 'request_id', 'evaluation_time_ms', 'request', 'result',
] as const satisfies ReadonlyArray<keyof DecisionRow>;

/** A decision to store, with its decision.evaluated event unless configuration leaves it out. */
export interface RecordedDecision {
  row: DecisionRow;
  event: DomainEvent | null;
  /** The change counters the decision was made with (its caller's token, the policies, stored attributes). */
  generations: DecisionGenerations;
}

/** The counters a decision depends on: checked when it is stored (acctl_record_checked_decisions). */
export type DecisionGenerations = Pick<Generations, 'policies' | 'principals' | 'credentials'>;

/**
 * Something the decisions depend on changed (a policy, a principal, a credential) after the counters
 * they were made with: nothing was stored, and they must be made again with at least `current`.
 */
export class StaleGenerations extends Error {
  constructor(readonly current: Generations) {
    super('the change counters moved on before the decisions were stored');
  }
}

// The statements of a write, prepared once per connection (see the class comment).
const insertDecisions = insertJsonRowsSql('decisions', decisionColumns, '$1');
const recordIfCurrent = {
  name: 'acctl_record_checked_decisions',
  text: 'SELECT answer, last_sequence, decision_head, generations FROM acctl_record_checked_decisions($1, $2, $3, $4, $5)',
};
const insertAndReserve = { name: 'acctl_decisions_insert_reserve', text: `WITH inserted AS (${insertDecisions}) ${reserveSql('$2')}` };
const appendEvents = { name: 'acctl_audit_append', text: insertAuditEventsSql('$1') };
const readGenerations = { name: 'acctl_read_generations', text: 'SELECT name, generation FROM change_generations' };

interface WriteAnswer {
  answer: 'recorded' | 'stale' | 'tail_moved';
  last_sequence: string | null;
  decision_head: Buffer | null;
  generations: Record<string, string | number> | null;
}

/** The audit log as this replica's last write left it: the sequence's last value and the decision chain's head. */
interface LogTail {
  sequence: number;
  decisionHead: string;
}

/** A tail no log has: the first prediction misses, and the miss answers the real tail. */
const unknownTail: LogTail = { sequence: -1, decisionHead: genesisHash };

/** Predictions tried before a write takes the log's lock the general way (other writers keep appending). */
const predictionAttempts = 3;

/**
 * Every decision is stored before it is answered, but decisions that arrive together share one
 * write (group commit), and a decision is never stored without its decision.evaluated event nor
 * the reverse. A write is one round trip, acctl_record_checked_decisions (migration 20261126_07),
 * which also checks that nothing the decisions depended on changed since the counters they were
 * made with (else StaleGenerations: the caller decides again), so a decision needs no read of its
 * own before it is made. When this replica predicts the audit log's tail right (it wrote last,
 * the steady state), the events are numbered and hashed here and the function stores everything
 * after checking the prediction under the log's lock. A miss answers the real tail, and the write
 * is sealed again on it. After a few misses (other writers busy) it takes the general
 * transaction: store the decisions and reserve the events' place, check the counters, append the
 * events, commit. A column added to decisions must be added to the function too.
 * decision.evaluated goes to no webhook (events/catalog.ts), so this skips recordEvents' outbox step.
 */
export class DecisionRecorder {
  private readonly commit: GroupCommit<RecordedDecision>;
  /** Where the next write expects the log's tail to be. */
  private predicted: LogTail = unknownTail;

  constructor(
    private readonly db: Knex,
    // One write at a time: the decisions that arrive meanwhile make the next write bigger, and on a
    // small machine the round trips (each wakes a backend) cost more than the waiting. Measured with
    // npm run bench: one in flight answered 15% more decisions than two, with a lower p99.
    options: GroupCommitOptions = { maxItemsPerWrite: 500, maxInFlight: 1 },
  ) {
    this.commit = new GroupCommit((decisions) => this.write(decisions), options);
  }

  /**
   * Resolves once the decisions and their events are committed; rejects if they could not be (the
   * caller must not answer), with StaleGenerations if they must be made again.
   */
  record(decisions: RecordedDecision[]): Promise<void> {
    return this.commit.add(decisions);
  }

  private async write(decisions: RecordedDecision[]): Promise<void> {
    const rows = JSON.stringify(decisions.map(({ row }) => row));
    const generations = oldestGenerations(decisions);
    const events = decisions.flatMap(({ event }) => (event ? [event] : []));
    if (events.some((event) => chainOf(event.type) !== 'decision')) throw new Error('DecisionRecorder records decision-chain events only');
    let expected = this.predicted;
    for (let attempt = 0; attempt < predictionAttempts; attempt++) {
      const sealed = sealEvents({ sequences: events.map((_, i) => expected.sequence + 1 + i), heads: { decision: expected.decisionHead, change: genesisHash } }, events);
      // A write that goes out before this one commits builds on this one's outcome.
      if (events.length > 0) this.predicted = tailAfter(sealed.events);
      let answer: WriteAnswer | undefined;
      try {
        const values = [expected.sequence, byteaParameter(expected.decisionHead), JSON.stringify(generations), rows, sealed.rowsJson];
        answer = (await pgQuery<WriteAnswer>(this.db, { ...recordIfCurrent, values })).rows[0];
      } catch (error) {
        // Committed or not, nobody knows: the next write learns the tail from its miss.
        this.predicted = unknownTail;
        throw error;
      }
      if (answer?.answer === 'recorded') return;
      if (events.length > 0) this.predicted = expected;
      if (answer?.answer === 'stale') throw new StaleGenerations(generationsOf(answer.generations));
      expected = { sequence: Number(answer?.last_sequence ?? -1), decisionHead: answer?.decision_head?.toString('hex') ?? genesisHash };
    }
    const sealed = await inPgTransaction(this.db, async (client) => {
      const reserved = await client.query({ ...insertAndReserve, values: [rows, events.length] });
      const current = generationsOf(Object.fromEntries((await client.query<{ name: string; generation: string }>(readGenerations)).rows.map((row) => [row.name, row.generation])));
      if (isStale(generations, current)) throw new StaleGenerations(current);
      const sealedEvents = sealEvents(readReservation(reserved.rows[0]), events);
      await client.query({ ...appendEvents, values: [sealedEvents.rowsJson] });
      return sealedEvents.events;
    });
    const tail = tailAfter(sealed);
    if (tail.sequence > this.predicted.sequence) this.predicted = tail;
  }
}

/** What a group of decisions depends on: each counter at the oldest value any of them was made with. */
function oldestGenerations(decisions: readonly RecordedDecision[]): DecisionGenerations {
  const oldest = { ...decisions[0]!.generations };
  for (const { generations } of decisions) {
    oldest.policies = Math.min(oldest.policies, generations.policies);
    oldest.principals = Math.min(oldest.principals, generations.principals);
    oldest.credentials = Math.min(oldest.credentials, generations.credentials);
  }
  return oldest;
}

function isStale(made: DecisionGenerations, current: Generations): boolean {
  return current.policies > made.policies || current.principals > made.principals || current.credentials > made.credentials;
}

function generationsOf(values: Record<string, string | number> | null): Generations {
  const generations = { policies: 0, principals: 0, credentials: 0, signing_keys: 0, client_auth: 0 };
  for (const name of Object.keys(generations) as Array<keyof Generations>) generations[name] = Number(values?.[name] ?? 0);
  return generations;
}

function tailAfter(sealed: readonly AuditEvent[]): LogTail {
  const last = sealed[sealed.length - 1]!;
  return { sequence: last.sequence, decisionHead: last.hash };
}

/** The genesis hash stands for "no event yet", which the database reads as NULL. */
function byteaParameter(hex: string): Buffer | null {
  return hex === genesisHash ? null : Buffer.from(hex, 'hex');
}

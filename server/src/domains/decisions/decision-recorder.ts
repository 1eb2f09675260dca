import type { Knex } from 'knex';
import { GroupCommit, type GroupCommitOptions } from '../../db/group-commit.js';
import { insertJsonRowsSql } from '../../db/json-rows.js';
import { inPgTransaction, pgQuery } from '../../db/pg-transaction.js';
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
}

// The statements of a write, prepared once per connection (see the class comment).
const insertDecisions = insertJsonRowsSql('decisions', decisionColumns, '$1');
const insertOnly = { name: 'acctl_decisions_insert', text: insertDecisions };
const recordIfPredicted = { name: 'acctl_record_decisions', text: 'SELECT recorded, last_sequence, decision_head FROM acctl_record_decisions($1, $2, $3, $4)' };
const insertAndReserve = { name: 'acctl_decisions_insert_reserve', text: `WITH inserted AS (${insertDecisions}) ${reserveSql('$2')}` };
const appendEvents = { name: 'acctl_audit_append', text: insertAuditEventsSql('$1') };

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
 * the reverse. A write is one round trip when this replica predicts the audit log's tail right
 * (it wrote last, the steady state): the events are numbered and hashed here, and
 * acctl_record_decisions (migration 20261125_01) stores everything after checking the prediction
 * under the log's lock. A miss answers the real tail, and the write is sealed again on it. After a
 * few misses (other writers busy) it takes the general transaction: store the decisions and
 * reserve the events' place, append them, commit. Without events (auditDecisionEvents) a write is
 * one INSERT. A column added to decisions must be added to acctl_record_decisions too.
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

  /** Resolves once the decisions and their events are committed; rejects if they could not be (the caller must not answer). */
  record(decisions: RecordedDecision[]): Promise<void> {
    return this.commit.add(decisions);
  }

  private async write(decisions: RecordedDecision[]): Promise<void> {
    const rows = JSON.stringify(decisions.map(({ row }) => row));
    const events = decisions.flatMap(({ event }) => (event ? [event] : []));
    if (events.length === 0) {
      await pgQuery(this.db, { ...insertOnly, values: [rows] });
      return;
    }
    if (events.some((event) => chainOf(event.type) !== 'decision')) throw new Error('DecisionRecorder records decision-chain events only');
    let expected = this.predicted;
    for (let attempt = 0; attempt < predictionAttempts; attempt++) {
      const sealed = sealEvents({ sequences: events.map((_, i) => expected.sequence + 1 + i), heads: { decision: expected.decisionHead, change: genesisHash } }, events);
      // A write that goes out before this one commits builds on this one's outcome.
      this.predicted = tailAfter(sealed.events);
      let answer: { recorded: boolean; last_sequence: number; decision_head: Buffer | null } | undefined;
      try {
        answer = (await pgQuery<NonNullable<typeof answer>>(this.db, { ...recordIfPredicted, values: [expected.sequence, byteaParameter(expected.decisionHead), rows, sealed.rowsJson] })).rows[0];
      } catch (error) {
        // Committed or not, nobody knows: the next write learns the tail from its miss.
        this.predicted = unknownTail;
        throw error;
      }
      if (answer?.recorded) return;
      expected = { sequence: Number(answer?.last_sequence ?? -1), decisionHead: answer?.decision_head?.toString('hex') ?? genesisHash };
    }
    const sealed = await inPgTransaction(this.db, async (client) => {
      const reserved = await client.query({ ...insertAndReserve, values: [rows, events.length] });
      const sealedEvents = sealEvents(readReservation(reserved.rows[0]), events);
      await client.query({ ...appendEvents, values: [sealedEvents.rowsJson] });
      return sealedEvents.events;
    });
    const tail = tailAfter(sealed);
    if (tail.sequence > this.predicted.sequence) this.predicted = tail;
  }
}

function tailAfter(sealed: readonly AuditEvent[]): LogTail {
  const last = sealed[sealed.length - 1]!;
  return { sequence: last.sequence, decisionHead: last.hash };
}

/** The genesis hash stands for "no event yet", which the database reads as NULL. */
function byteaParameter(hex: string): Buffer | null {
  return hex === genesisHash ? null : Buffer.from(hex, 'hex');
}

import type { Knex } from 'knex';
import { GroupCommit, type GroupCommitOptions } from '../../db/group-commit.js';
import { insertJsonRowsSql } from '../../db/json-rows.js';
import { inPgTransaction, pgQuery } from '../../db/pg-transaction.js';
import type { DomainEvent } from '../../events/types.js';
import { auditRowsJson, insertAuditEventsSql, readReservation, reserveSql, sealEvents } from '../audit/audit-log.js';

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

// The statements of a write, prepared once per connection. With events: the decisions go in with the
// same round trip that reserves their place in the audit log (which takes the log's lock), then the
// events, then COMMIT: the lock is held for two round trips.
const insertDecisions = insertJsonRowsSql('decisions', decisionColumns, '$1');
const insertAndReserve = { name: 'acctl_decisions_insert_reserve', text: `WITH inserted AS (${insertDecisions}) ${reserveSql('$2')}` };
const insertOnly = { name: 'acctl_decisions_insert', text: insertDecisions };
const appendEvents = { name: 'acctl_audit_append', text: insertAuditEventsSql('$1') };

/**
 * Every decision is stored before it is answered, but decisions that arrive together share one
 * write (group commit): one statement stores the decisions and reserves their audit events' place,
 * one appends their decision.evaluated events, in one transaction, so a decision is never stored
 * without its event nor the reverse. Without events (auditDecisionEvents) it is one statement.
 * Recording costs a few round trips per batch of concurrent decisions, not per decision.
 * decision.evaluated goes to no webhook (events/catalog.ts), so this skips recordEvents' outbox step.
 */
export class DecisionRecorder {
  private readonly commit: GroupCommit<RecordedDecision>;

  constructor(db: Knex, options: GroupCommitOptions = { maxItemsPerWrite: 500, maxInFlight: 2 }) {
    this.commit = new GroupCommit(async (decisions) => {
      const rows = JSON.stringify(decisions.map(({ row }) => row));
      const events = decisions.flatMap(({ event }) => (event ? [event] : []));
      if (events.length === 0) {
        await pgQuery(db, { ...insertOnly, values: [rows] });
        return;
      }
      await inPgTransaction(db, async (client) => {
        const reserved = await client.query({ ...insertAndReserve, values: [rows, events.length] });
        await client.query({ ...appendEvents, values: [auditRowsJson(sealEvents(readReservation(reserved.rows[0]), events))] });
      });
    }, options);
  }

  /** Resolves once the decisions and their events are committed; rejects if they could not be (the caller must not answer). */
  record(decisions: RecordedDecision[]): Promise<void> {
    return this.commit.add(decisions);
  }
}

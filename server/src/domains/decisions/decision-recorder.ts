import type { Knex } from 'knex';
import { GroupCommit, type GroupCommitOptions } from '../../db/group-commit.js';
import { recordEvents } from '../../events/record.js';
import type { DomainEvent } from '../../events/types.js';

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

/** A decision to store, with its decision.evaluated event unless configuration leaves it out. */
export interface RecordedDecision {
  row: DecisionRow;
  event: DomainEvent | null;
}

/**
 * Every decision is stored before it is answered, but decisions that arrive together share one
 * transaction (group commit): one multi-row INSERT of the decisions, then one append of their
 * decision.evaluated audit events, so a decision is never stored without its event nor the
 * reverse, and recording costs a few round trips per batch of concurrent decisions, not per decision.
 */
export class DecisionRecorder {
  private readonly commit: GroupCommit<RecordedDecision>;

  constructor(db: Knex, options: GroupCommitOptions = { maxItemsPerWrite: 500, maxInFlight: 2 }) {
    this.commit = new GroupCommit(
      (decisions) =>
        db.transaction(async (trx) => {
          await trx('decisions').insert(decisions.map(({ row }) => ({ ...row, request: JSON.stringify(row.request), result: JSON.stringify(row.result) })));
          await recordEvents(trx, decisions.flatMap(({ event }) => (event ? [event] : [])));
        }),
      options,
    );
  }

  /** Resolves once the decisions and their events are committed; rejects if they could not be (the caller must not answer). */
  record(decisions: RecordedDecision[]): Promise<void> {
    return this.commit.add(decisions);
  }
}

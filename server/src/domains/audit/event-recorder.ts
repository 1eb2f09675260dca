import type { Knex } from 'knex';
import type { AuditEvent } from '../../../../core/src/index.js';
import { GroupCommit, type GroupCommitOptions } from '../../db/group-commit.js';
import { isRowFault } from '../../db/pg-errors.js';
import { pgQuery } from '../../db/pg-transaction.js';
import { inTransaction } from '../../db/transaction-retry.js';
import type { EventType } from '../../events/catalog.js';
import type { DomainEvent } from '../../events/types.js';
import { chainOf } from './chain.js';
import { headOf, headParameter, PredictedTail } from './predicted-tail.js';

/** Where the recorder reports drops and failures (the app's logger). */
export interface RecorderLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const appendIfPredicted = { name: 'acctl_append_change_events', text: 'SELECT answer, last_sequence, change_head FROM acctl_append_change_events($1, $2, $3)' };

/**
 * Records events that have no transaction of their own because nothing else changes: a rejected
 * bearer token, a failed sign-in, tokens issued by client_credentials. Events arriving together
 * share one transaction (group commit). recordInBackground() never holds up the caller (the
 * failure path of authentication stays as fast as it was); at most `maxPending` events wait,
 * beyond which new ones are dropped and counted in the log, so a flood of bad tokens cannot grow
 * memory without bound. Events of a change are never recorded here: they go through the audit
 * log's append (log.ts) in the change's transaction. A group that no subscriber hears (the token endpoint's
 * auth.token_issued reaches no webhook) is appended in one round trip on the predicted tail
 * (predicted-tail.ts, acctl_append_change_events); others take a transaction, for the webhook outbox.
 */
export class EventRecorder {
  private readonly commit: GroupCommit<DomainEvent>;
  private readonly tail = new PredictedTail('change');
  private dropped = 0;
  private failed = 0;
  private readonly maxPending: number;

  constructor(
    private readonly db: Knex,
    private readonly log: RecorderLog,
    private readonly options: {
      /** The audit log's append in a transaction, with its subscribers (log.ts). */
      append(trx: Knex.Transaction, events: readonly DomainEvent[]): Promise<AuditEvent[]>;
      /** Whether a subscriber hears the type: such events need a transaction, for the webhook outbox. */
      isHeard(type: EventType): boolean;
      maxPending?: number;
      onWrite?: GroupCommitOptions['onWrite'];
    },
  ) {
    this.maxPending = options.maxPending ?? 10_000;
    // One write at a time: predictions build on the previous write, which two in flight would race.
    // Nobody waits for these writes (recordInBackground), so events gather for 10 ms: under load
    // one write carries tens of issued tokens' events instead of a few.
    // A failure caused by one request's events (text PostgreSQL refuses) is bisected down to that
    // request, so it cannot take other callers' events with it.
    this.commit = new GroupCommit((events) => this.write(events), {
      maxItemsPerWrite: 500,
      maxInFlight: 1,
      gatherMs: 10,
      isolateFailures: isRowFault,
      ...(options.onWrite ? { onWrite: options.onWrite } : {}),
    });
  }

  private async write(events: DomainEvent[]): Promise<void> {
    const predictable = events.every((event) => chainOf(event.type) === 'change' && !this.options.isHeard(event.type));
    const stored =
      predictable &&
      (await this.tail.append(events, async (expected, sealed) => {
        const values = [expected.sequence, headParameter(expected.head), sealed.rowsJson];
        const answer = (await pgQuery<{ answer: string; last_sequence: string | null; change_head: Buffer | null }>(this.db, { ...appendIfPredicted, values }))
          .rows[0];
        return answer?.answer === 'recorded' ? 'stored' : { sequence: Number(answer?.last_sequence ?? -1), head: headOf(answer?.change_head) };
      })) === 'stored';
    if (stored) return;
    const appended = await inTransaction(this.db, async (trx) => this.options.append(trx, events));
    this.tail.learn(appended.filter((event) => event.chain === 'change'));
  }

  /**
   * Records without waiting; a failure is never thrown to the caller but is an alarm: an error
   * log line naming the events' types and request ids, and the count in `failures` (on /health).
   */
  recordInBackground(events: DomainEvent[]): void {
    if (this.commit.pending + events.length > this.maxPending) {
      this.dropped += events.length;
      if (this.dropped === events.length || this.dropped % 1000 < events.length)
        this.log.error({ dropped: this.dropped }, 'audit events dropped: too many waiting to be recorded');
      return;
    }
    this.commit.add(events).catch((error: unknown) => {
      this.failed += events.length;
      this.log.error(
        { err: error, types: events.map((event) => event.type), request_ids: [...new Set(events.map((event) => event.request.id))], failed_total: this.failed },
        'audit events could not be recorded',
      );
    });
  }

  /** Events handed over since start that were not recorded: failed writes, and drops when too many waited. */
  get failures(): { failed: number; dropped: number } {
    return { failed: this.failed, dropped: this.dropped };
  }

  /** Resolves when every event handed over so far is recorded (or failed). */
  idle(): Promise<void> {
    return this.commit.idle();
  }
}

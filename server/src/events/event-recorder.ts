import type { Knex } from 'knex';
import { GroupCommit } from '../db/group-commit.js';
import { recordEvents } from './record.js';
import type { DomainEvent } from './types.js';

/**
 * Records events that have no transaction of their own because nothing else changes: a rejected
 * bearer token, a failed sign-in, tokens issued by client_credentials. Events arriving together
 * share one transaction (group commit). recordInBackground() never holds up the caller (the
 * failure path of authentication stays as fast as it was); at most `maxPending` events wait,
 * beyond which new ones are dropped and counted in the log, so a flood of bad tokens cannot grow
 * memory without bound. Events of a change are never recorded here: they go through recordEvents
 * in the change's transaction.
 */
export class EventRecorder {
  private readonly commit: GroupCommit<DomainEvent>;
  private dropped = 0;

  constructor(
    db: Knex,
    private readonly log: { warn(details: object, message: string): void; error(details: object, message: string): void },
    private readonly maxPending = 10_000,
  ) {
    this.commit = new GroupCommit((events) => db.transaction(async (trx) => void (await recordEvents(trx, events))), { maxItemsPerWrite: 500, maxInFlight: 2 });
  }

  /** Resolves once the events are committed; rejects if they could not be. */
  record(events: DomainEvent[]): Promise<void> {
    return this.commit.add(events);
  }

  /** Records without waiting; a failure is logged, never thrown. */
  recordInBackground(events: DomainEvent[]): void {
    if (this.commit.pending + events.length > this.maxPending) {
      this.dropped += events.length;
      if (this.dropped === events.length || this.dropped % 1000 < events.length) this.log.warn({ dropped: this.dropped }, 'audit events dropped: too many waiting to be recorded');
      return;
    }
    this.commit.add(events).catch((error: unknown) => this.log.error({ err: error, types: events.map((event) => event.type) }, 'audit events could not be recorded'));
  }

  /** Resolves when every event handed over so far is recorded (or failed). */
  idle(): Promise<void> {
    return this.commit.idle();
  }
}

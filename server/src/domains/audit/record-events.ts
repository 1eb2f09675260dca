import type { Knex } from 'knex';
import { uuidV7 } from '../../db/uuid-v7.js';
import type { EventType } from '../../events/catalog.js';
import type { DomainEvent } from '../../events/types.js';
import type { AuditEvent } from '../../../../core/src/index.js';
import { appendToAuditLog } from './audit-log.js';

/** An event with the id and time the audit log will store it with. */
export type IdentifiedEvent = DomainEvent & { id: string; time: Date };

/**
 * Another domain that acts on every recorded change's events in the change's transaction (the
 * webhook outbox, wired in app.ts), so the audit domain calls no domain above it. `hears` says
 * which types it acts on: events that none hears may be appended without a transaction
 * (event-recorder.ts).
 */
export interface RecordedEventsSubscriber {
  hears(type: EventType): boolean;
  receive(trx: Knex.Transaction, events: readonly IdentifiedEvent[]): Promise<void>;
}

const subscribers: RecordedEventsSubscriber[] = [];

/** Adds a subscriber once: building a second app in one process (the tests) adds nothing. */
export function subscribeToRecordedEvents(subscriber: RecordedEventsSubscriber): void {
  if (!subscribers.includes(subscriber)) subscribers.push(subscriber);
}

export function isHeardBySubscriber(type: EventType): boolean {
  return subscribers.some((subscriber) => subscriber.hears(type));
}

/**
 * Records the events of a change in the transaction of that change, so there is never a change
 * without its events or an event without its change (STYLE habit 6: one event, for the audit log
 * and for webhooks alike). Call it last, just before the transaction commits: the audit log's
 * append lock is held from here to the commit. Answers the events as the audit log stored them
 * (with id, time, sequence and hash).
 *
 * Lock order (ARCHITECTURE.md "Lock order"): the subscribers first, then the audit log. The
 * webhook outbox locks the webhooks it delivers to (their foreign key does too) and may wait for a
 * webhook being deleted; the audit log's lock is the last one taken, so its holder never waits for
 * a row and a transaction holding a row never waits behind a holder that waits for that row.
 */
export async function recordEvents(trx: Knex.Transaction, events: readonly DomainEvent[]): Promise<AuditEvent[]> {
  if (events.length === 0) return [];
  // The ids and times the audit log would give them, chosen now: one id for the audit event and
  // what subscribers make of it (the webhook deliveries), written before the log's lock.
  const now = new Date();
  const identified = events.map((event): IdentifiedEvent => {
    const time = event.time ?? now;
    return { ...event, time, id: event.id ?? uuidV7(time.getTime()) };
  });
  for (const subscriber of subscribers) await subscriber.receive(trx, identified);
  return appendToAuditLog(trx, identified);
}

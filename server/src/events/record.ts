import type { Knex } from 'knex';
import { uuidV7 } from '../db/uuid-v7.js';
import { appendToAuditLog } from '../domains/audit/audit-log.js';
import { enqueueWebhookDeliveries } from '../domains/webhooks/outbox.js';
import type { AuditEvent } from '../../../core/src/index.js';
import type { DomainEvent } from './types.js';

/**
 * Records the events of a change in the transaction of that change, so there is never a change
 * without its events or an event without its change (STYLE habit 6: one event, for the audit log
 * and for webhooks alike). Call it last, just before the transaction commits: the audit log's
 * append lock is held from here to the commit. Answers the events as the audit log stored them
 * (with id, time, sequence and hash).
 *
 * Lock order (ARCHITECTURE.md "Lock order"): the webhook outbox first, then the audit log. The
 * outbox locks the webhooks it delivers to (their foreign key does too) and may wait for a
 * webhook being deleted; the audit log's lock is the last one taken, so its holder never waits for
 * a row and a transaction holding a row never waits behind a holder that waits for that row.
 */
export async function recordEvents(trx: Knex.Transaction, events: readonly DomainEvent[]): Promise<AuditEvent[]> {
  if (events.length === 0) return [];
  // The ids and times the audit log would give them, chosen now: one id for the audit event and
  // its webhook deliveries (domains/webhooks owns the outbox), written before the log's lock.
  const now = new Date();
  const identified = events.map((event) => {
    const time = event.time ?? now;
    return { ...event, time, id: event.id ?? uuidV7(time.getTime()) };
  });
  await enqueueWebhookDeliveries(trx, identified);
  return appendToAuditLog(trx, identified);
}

import type { Knex } from 'knex';
import { appendToAuditLog } from '../domains/audit/audit-log.js';
import { enqueueWebhookDeliveries } from '../domains/webhooks/outbox.js';
import type { AuditEvent } from '../generated/schema-types.js';
import type { DomainEvent } from './types.js';

/**
 * Records the events of a change in the transaction of that change, so there is never a change
 * without its events or an event without its change (STYLE habit 6: one event, for the audit log
 * and for webhooks alike). Call it last, just before the transaction commits: the audit log's
 * append lock is held from here to the commit. Answers the events as the audit log stored them
 * (with id, time, sequence and hash).
 */
export async function recordEvents(trx: Knex.Transaction, events: readonly DomainEvent[]): Promise<AuditEvent[]> {
  if (events.length === 0) return [];
  const recorded = await appendToAuditLog(trx, events);
  // Webhooks (domains/webhooks owns it), in the same transaction, with the audit log's ids, so a
  // delivery and its audit event share one id.
  await enqueueWebhookDeliveries(trx, events.map((event, i) => ({ ...event, id: recorded[i]!.id, time: new Date(recorded[i]!.time) })));
  return recorded;
}

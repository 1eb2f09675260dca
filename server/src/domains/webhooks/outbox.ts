import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { DomainEvent } from '../../events/types.js';
import type { RecordedEventsSubscriber } from '../audit/index.js';
import { enqueueDeliveryJob } from './delivery-jobs.js';
import { isWebhookEvent, subscribesTo, webhookPayload } from './payload.js';
import * as repo from './repo.js';

/**
 * The transactional outbox of webhooks: in the transaction of the change that raised `events`,
 * one webhook_events row per event that webhooks receive (its body fixed now, so every attempt
 * sends the same bytes), one delivery per enabled webhook subscribed to it, and one pg-boss job
 * per delivery. A change that rolls back leaves none of them; one that commits cannot lose them.
 * Called by the audit log's append (audit/log.ts) as its subscriber `webhookOutbox`, so every
 * recorded event reaches webhooks, with the audit log's id and time.
 */
export async function enqueueWebhookDeliveries(trx: Knex.Transaction, events: readonly DomainEvent[]): Promise<void> {
  // webhook.test is sent directly by POST /webhooks/{id}/test, to that webhook only.
  const deliverable = events.filter((event) => isWebhookEvent(event.type) && event.type !== 'webhook.test');
  if (deliverable.length === 0) return;
  const subscribed = (await repo.enabledSubscriptions(trx)).filter((webhook) => deliverable.some((event) => subscribesTo(webhook.event_types, event.type)));
  if (subscribed.length === 0) return;
  // Lock order (ARCHITECTURE.md): the webhooks' rows before the audit log's lock (its append
  // appends after this), in id order. The deliveries' foreign key would lock them anyway, one by
  // one; locking first also skips a webhook whose delete commits meanwhile, where the foreign key
  // check would fail the whole change.
  const subscriptions = await repo.lockSubscribedWebhooks(
    trx,
    subscribed.map((webhook) => webhook.id),
  );
  if (subscriptions.length === 0) return;
  const now = new Date();
  const received = deliverable
    .map((event) => ({ event, subscribers: subscriptions.filter((webhook) => subscribesTo(webhook.event_types, event.type)) }))
    .filter(({ subscribers }) => subscribers.length > 0);
  // Positions in event order: each webhook's first attempts go in this order (docs/webhooks.md "Order").
  const positions = await repo.takeEventPositions(trx, received.length);
  for (const [index, { event, subscribers }] of received.entries()) {
    const position = positions[index]!;
    // The audit log's id when the audit log's append passes it: one id for the audit event and its deliveries.
    const eventId = event.id ?? randomUUID();
    const body = JSON.stringify(webhookPayload(eventId, event, event.time ?? now, position));
    await repo.insertEvent(trx, { id: eventId, position, type: event.type, body, created_at: now });
    const deliveries: repo.DeliveryRow[] = subscribers.map((webhook) => ({
      id: randomUUID(),
      webhook_id: webhook.id,
      event_id: eventId,
      event_type: event.type,
      event_position: position,
      status: 'pending',
      attempt_count: 0,
      attempt_limit: null,
      next_attempt_at: now,
      lease_until: null,
      last_status_code: null,
      last_latency_ms: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    }));
    await repo.insertDeliveries(trx, deliveries);
    for (const delivery of deliveries) await enqueueDeliveryJob(trx, delivery.id);
  }
}

/** The outbox as the audit domain's subscriber (wired in app.ts): it hears the catalog's webhook events. */
export const webhookOutbox: RecordedEventsSubscriber = { hears: isWebhookEvent, receive: enqueueWebhookDeliveries };

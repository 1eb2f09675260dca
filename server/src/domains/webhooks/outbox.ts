import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { DomainEvent } from '../../events/types.js';
import type { RecordedEventsSubscriber } from '../audit/index.js';
import { isWebhookEvent, subscribesTo, webhookPayload } from './payload.js';
import * as repo from './repo.js';

/** The default of webhookMaxPendingDeliveries (config/options.ts). */
export const defaultMaxPendingDeliveries = 10_000;

export interface WebhookOutboxOptions {
  /** Deliveries a webhook may have pending; past it, new ones are written failed (docs/webhooks.md "Backlog"). */
  maxPendingDeliveries: number;
  /** Told, once the transaction commits, how many deliveries each webhook had dropped. */
  onDropped?: (dropped: ReadonlyMap<string, number>) => void;
}

/**
 * The transactional outbox of webhooks: in the transaction of the change that raised `events`,
 * one webhook_events row per event that webhooks receive (its body fixed now, so every attempt
 * sends the same bytes) and one delivery per enabled webhook subscribed to it, each kind in one
 * statement however many there are. A change that rolls back leaves none of them; one that
 * commits cannot lose them. The worker finds them in the table (repo.claimNextDelivery): there
 * is no job per delivery. Called by the audit log's append (audit/log.ts) as its subscriber, so
 * every recorded event reaches webhooks, with the audit log's id and time.
 *
 * A webhook's backlog is capped: a delivery that would take it past `maxPendingDeliveries` is
 * written `failed`, never attempted, with the reason, so it shows in the delivery log and can be
 * redelivered, and the work a fan-out leaves is bounded by the cap times the webhooks.
 */
export async function enqueueWebhookDeliveries(
  trx: Knex.Transaction,
  events: readonly DomainEvent[],
  options: WebhookOutboxOptions = { maxPendingDeliveries: defaultMaxPendingDeliveries },
): Promise<void> {
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
  const cap = options.maxPendingDeliveries;
  // Room under the cap as this transaction found it: concurrent ones may each fill it (a bound
  // per transaction, not an exact count, which would make every change wait on the webhook's row).
  const pending = await repo.pendingCounts(
    trx,
    subscriptions.map((webhook) => webhook.id),
    cap,
  );
  const room = new Map(subscriptions.map((webhook) => [webhook.id, cap - (pending.get(webhook.id) ?? 0)]));
  const dropped = new Map<string, number>();
  const eventRows: repo.EventRow[] = [];
  const deliveries: repo.NewDelivery[] = [];
  for (const [index, { event, subscribers }] of received.entries()) {
    const position = positions[index]!;
    // The audit log's id when the audit log's append passes it: one id for the audit event and its deliveries.
    const eventId = event.id ?? randomUUID();
    eventRows.push({
      id: eventId,
      position,
      type: event.type,
      body: JSON.stringify(webhookPayload(eventId, event, event.time ?? now, position)),
      created_at: now,
    });
    for (const webhook of subscribers) {
      const left = room.get(webhook.id)!;
      room.set(webhook.id, left - 1);
      if (left <= 0) dropped.set(webhook.id, (dropped.get(webhook.id) ?? 0) + 1);
      const error =
        left > 0 ? null : `not sent: the webhook had ${cap} deliveries pending (webhookMaxPendingDeliveries); redeliver it when the receiver has caught up`;
      deliveries.push({ webhook_id: webhook.id, event_id: eventId, event_type: event.type, event_position: position, error });
    }
  }
  await repo.insertEvents(trx, eventRows);
  await repo.insertDeliveries(trx, deliveries, now);
  if (dropped.size > 0 && options.onDropped) {
    const report = options.onDropped;
    trx.executionPromise.then(
      () => report(dropped),
      () => undefined,
    );
  }
}

/** The outbox as the audit domain's subscriber (wired in app.ts): it hears the catalog's webhook events. */
export function createWebhookOutbox(options: WebhookOutboxOptions): RecordedEventsSubscriber {
  return { hears: isWebhookEvent, receive: (trx, events) => enqueueWebhookDeliveries(trx, events, options) };
}

/** The outbox with the default cap, for the entries that build an audit log without the server's configuration. */
export const webhookOutbox: RecordedEventsSubscriber = createWebhookOutbox({ maxPendingDeliveries: defaultMaxPendingDeliveries });

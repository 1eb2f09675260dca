import { eventCatalog, type EventType } from '../../events/catalog.js';
import { namesType } from '../../events/type-patterns.js';
import type { DomainEvent } from '../../events/types.js';

/**
 * The body of a delivery, in the shape Standard Webhooks recommends ("Payload structure"):
 * `{ type, timestamp, data }`, where data is the domain event itself, as the audit log has it
 * (STYLE habit 6), plus its id. `type` is the event type, so receivers can route without
 * opening data (as Stripe's `type` and GitHub's X-GitHub-Event). `position` is the event's place
 * in the order webhooks send events (outbox.ts), beside data since it is not the audit log's;
 * absent from webhook.test, sent outside the queue. schemas/webhook-payload.json.
 */
export interface WebhookPayload {
  type: EventType;
  timestamp: string;
  position?: number;
  data: DomainEvent & { id: string };
}

export function webhookPayload(eventId: string, event: DomainEvent, at: Date, position?: number): WebhookPayload {
  return { type: event.type, timestamp: at.toISOString(), ...(position !== undefined ? { position } : {}), data: { ...event, id: eventId, time: at } };
}

/** Whether an event type goes to webhooks at all (the catalog's `webhook` flag). */
export function isWebhookEvent(type: EventType): boolean {
  return eventCatalog[type].webhook;
}

/**
 * Whether a webhook subscribed to `subscribed` receives `type`: `*` is every webhook event, and a
 * family (`policy.*`) every one of it, as the audit log's filter reads it (events/type-patterns.ts);
 * both include types added later.
 */
export function subscribesTo(subscribed: readonly string[], type: EventType): boolean {
  return subscribed.some((pattern) => pattern === '*' || namesType(pattern, type));
}

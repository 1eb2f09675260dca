import { systemContext } from '../../events/context.js';
import { changeEvent } from '../../events/event.js';
import type { ChangeContext, DomainEvent } from '../../events/types.js';
import type { Webhook } from '../../../../core/src/index.js';

type WebhookEventType = 'webhook.created' | 'webhook.updated' | 'webhook.deleted' | 'webhook.test';

/** An event about a webhook (events/catalog.ts); its `Webhook` states never carry the secret. */
export function webhookEvent(
  type: WebhookEventType,
  context: ChangeContext,
  id: string,
  change: DomainEvent['change'],
  data?: Record<string, unknown>,
): DomainEvent {
  return changeEvent(context, type, { type: 'webhook', id }, change, data);
}

/** Raised by the delivery worker when the disable rule turns a webhook off. */
export function webhookDisabledEvent(before: Webhook, after: Webhook, reason: string): DomainEvent {
  return changeEvent(systemContext('system:webhook-delivery'), 'webhook.disabled', { type: 'webhook', id: after.id }, { before, after }, { reason });
}

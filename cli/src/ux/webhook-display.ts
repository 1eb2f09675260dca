import type { Webhook, WebhookDelivery, WebhookTestResult } from '../../../core/src/index.js';
import { shortTime } from './resource-display.js';
import { keyValueLines, style, renderTable } from '../../../kit/src/index.js';

export function webhookState(webhook: Webhook): string {
  return webhook.enabled ? style.green('enabled') : style.yellow('disabled');
}

export function webhookLines(webhook: Webhook): string[] {
  return keyValueLines([
    ['id', webhook.id],
    ['url', webhook.url],
    ['events', webhook.event_types.join(', ')],
    ['description', webhook.description || '-'],
    ['state', webhook.enabled ? webhookState(webhook) : `${webhookState(webhook)} since ${shortTime(webhook.disabled_at)}: ${webhook.disabled_reason ?? '-'}`],
    ['created', `${shortTime(webhook.created_at)} by ${webhook.created_by}`],
    ['updated', shortTime(webhook.updated_at)],
  ]);
}

export function webhookTable(webhooks: readonly Webhook[]): string {
  return renderTable(
    [
      { header: 'ID', value: (webhook: Webhook) => webhook.id },
      { header: 'URL', value: (webhook) => webhook.url },
      { header: 'EVENTS', value: (webhook) => webhook.event_types.join(',') },
      { header: 'STATE', value: (webhook) => (webhook.enabled ? 'enabled' : 'disabled') },
      { header: 'DESCRIPTION', value: (webhook) => webhook.description || '-' },
    ],
    webhooks,
  );
}

/** The last attempt's outcome: `200 in 12 ms`, or the error. */
function outcome(delivery: Pick<WebhookDelivery, 'status_code' | 'latency_ms' | 'error'>): string {
  if (delivery.error) return delivery.error;
  if (delivery.status_code === null) return '-';
  return `${delivery.status_code}${delivery.latency_ms === null ? '' : ` in ${delivery.latency_ms} ms`}`;
}

export function deliveryTable(deliveries: readonly WebhookDelivery[]): string {
  return renderTable(
    [
      { header: 'ID', value: (delivery: WebhookDelivery) => delivery.id },
      { header: 'EVENT', value: (delivery) => delivery.event_type },
      { header: 'STATUS', value: (delivery) => delivery.status },
      { header: 'ATTEMPTS', value: (delivery) => String(delivery.attempt_count) },
      { header: 'LAST', value: (delivery) => outcome(delivery) },
      { header: 'NEXT', value: (delivery) => shortTime(delivery.next_attempt_at) },
      { header: 'CREATED', value: (delivery) => shortTime(delivery.created_at) },
    ],
    deliveries,
  );
}

/** Each attempt of one delivery, for --attempts. */
export function attemptLines(delivery: WebhookDelivery): string[] {
  return delivery.attempts.map((attempt) => `    #${attempt.attempt} ${shortTime(attempt.started_at)}  ${outcome(attempt)}`);
}

export function testResultLines(result: WebhookTestResult): string[] {
  return keyValueLines([
    ['result', result.success ? style.green.bold('delivered') : style.red.bold('failed')],
    ['message id', result.message_id],
    ['status', result.status_code === null ? '-' : String(result.status_code)],
    ['latency', `${result.latency_ms} ms`],
    ...(result.error ? [['error', result.error] as const] : []),
    ...(result.response_excerpt ? [['response', result.response_excerpt.slice(0, 200)] as const] : []),
  ]);
}

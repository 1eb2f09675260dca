import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from '../../server/src/config/config.js';
import type { DomainEvent } from '../../server/src/events/types.js';
import type { WebhookCreated, WebhookDelivery, WebhookDeliveryList } from '../../core/src/index.js';
import { enqueueWebhookDeliveries } from '../../server/src/domains/webhooks/outbox.js';
import { accessToken, registerClient } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { eventually } from '../helpers/eventually.js';

/** Webhook settings for tests: loopback http receivers, millisecond retries, a short timeout. */
export const webhookTestConfig: Partial<Config> = {
  webhooksAllowHttp: true,
  webhooksAllowPrivateNetworks: true,
  webhookPollingIntervalSeconds: 0.5,
  webhookTimeoutMs: 1000,
  webhookMaxAttempts: 4,
  webhookRetryBaseDelayMs: 100,
  webhookRetryMaxDelayMs: 10_000,
  webhookDisableAfterFailedDeliveries: 2,
  webhookDisableAfterFailingSeconds: 3600,
};

export async function adminToken(app: FastifyInstance): Promise<string> {
  return accessToken(app, await registerClient(app, ['admin:all']));
}

export async function createWebhook(app: FastifyInstance, token: string, body: Record<string, unknown>): Promise<WebhookCreated> {
  const response = await app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(token), payload: body });
  if (response.statusCode !== 201) throw new Error(`webhook creation failed: ${response.statusCode} ${response.body}`);
  return response.json() as WebhookCreated;
}

export async function deliveriesOf(app: FastifyInstance, token: string, webhookId: string): Promise<WebhookDelivery[]> {
  const response = await app.inject({ method: 'GET', url: `/v1/webhooks/${webhookId}/deliveries`, headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`delivery log failed: ${response.statusCode} ${response.body}`);
  return (response.json() as WebhookDeliveryList).data;
}

/** A domain event as a service would raise it. */
export function sampleEvent(type: DomainEvent['type'] = 'policy.created', id = 'pol-1'): DomainEvent {
  return {
    type,
    actor: { subject: 'tester', client_id: 'test-client', token_kind: 'access_token' },
    target: { type: type.split('.')[0]!, id },
    outcome: 'success',
    request: { id: 'req-1', ip: '127.0.0.1', user_agent: 'mocha' },
    change: { before: null, after: { id, name: 'sample' } },
  };
}

/** Raises events in a committed transaction, as a service's change does. */
export async function raise(db: Knex, ...events: DomainEvent[]): Promise<void> {
  await db.transaction(async (trx) => enqueueWebhookDeliveries(trx, events));
}

/**
 * Resolves once the webhook has no delivery pending and no attempt in flight (its turn's lease,
 * `busy_until`, is cleared by the attempt's result). Every attempt is made for a pending delivery
 * at the webhook's turn, and a receiver records a request before it answers, so from then on the
 * receiver holds every request the product will send for what was raised so far: the barrier for
 * "nothing more arrives" (no duplicate, no attempt after the last, nothing to a disabled webhook),
 * which waits for the work to end rather than for a time. A retry scheduled in the future is
 * waited for, not left out.
 */
export async function deliveryJobsDone(app: FastifyInstance, webhookId: string, timeoutMs = 20_000): Promise<void> {
  await eventually(
    async () => {
      const { rows } = (await app.db.raw(
        `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE webhook_id = ? AND status = 'pending')
             OR EXISTS (SELECT 1 FROM webhooks WHERE id = ? AND busy_until IS NOT NULL) AS busy`,
        [webhookId, webhookId],
      )) as { rows: Array<{ busy: boolean }> };
      return rows[0]!.busy ? undefined : true;
    },
    timeoutMs,
    `the deliveries of webhook ${webhookId} to finish`,
  );
}

/** The test suite's one poll (helpers/eventually.ts), where the webhook tests and their neighbours have long imported it. */
export { eventually };

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { attemptDelivery, leaseMsOf } from './deliver.js';
import { DeliveryDispatcher } from './dispatcher.js';
import * as repo from './repo.js';
import { webhookSettings, type WebhookSettings } from './settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: { settings: WebhookSettings };
  }
}

/**
 * The delivery side of webhooks on this replica: a dispatcher that keeps up to
 * `webhookConcurrency` attempts in flight (each on its own, so a hanging receiver holds up no
 * other delivery), each claimed at its webhook's turn from the deliveries table
 * (repo.claimNextDelivery), and a timer per scheduled retry so this replica claims it on time
 * rather than at its next poll. No job queue: the table is the queue, so a deleted webhook leaves
 * no work behind, and the lease of a claim that died ends on its own.
 */
export const webhooksPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = webhookSettings(app.config);
    app.decorate('webhooks', { settings });
    // A server that may deliver into its own network should say so at start (as Grafana logs its
    // unsafe settings): an operator can see it was meant for development.
    if (settings.send.policy.allowPrivateNetworks)
      app.log.warn(
        { option: 'webhooksAllowPrivateNetworks' },
        'webhooksAllowPrivateNetworks is on: webhooks may deliver to private, loopback and link-local addresses (SSRF guard off); for development only',
      );
    if (settings.concurrency === 0) return;

    const shutdown = new AbortController();
    const timers = new Set<NodeJS.Timeout>();
    const deps = {
      db: app.db,
      auditLog: app.auditLog,
      settings,
      signal: shutdown.signal,
      onRetryScheduled: (delayMs: number) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          dispatcher.wake();
        }, delayMs + 5);
        timer.unref();
        timers.add(timer);
      },
    };
    const dispatcher = new DeliveryDispatcher<repo.ClaimedDelivery>({
      concurrency: settings.concurrency,
      pollingIntervalMs: settings.pollingIntervalSeconds * 1000,
      log: (message, error) => app.log.warn({ err: error }, message),
      claim: () => repo.claimNextDelivery(app.db, leaseMsOf(settings)),
      handle: async (claimed) => {
        try {
          app.metrics.webhookAttempt(await attemptDelivery(deps, claimed));
        } catch (error) {
          // The result could not be recorded (database away): the lease ends and the attempt is made again.
          app.metrics.webhookAttempt('error');
          app.log.error({ err: error, delivery_id: claimed.delivery.id }, 'webhook delivery attempt failed');
        }
      },
    });
    dispatcher.start();

    // Before the database closes (onClose): attempts in flight are aborted and given back.
    app.addHook('preClose', async () => {
      shutdown.abort();
      for (const timer of timers) clearTimeout(timer);
      await dispatcher.stop();
    });
  },
  { name: 'webhooks', dependencies: ['config', 'db', 'metrics', 'audit-log'] },
);

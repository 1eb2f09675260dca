import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { attemptDelivery } from './deliver.js';
import { enqueueDeliveryJob, webhookDeliveryQueue, type DeliveryJob } from './delivery-jobs.js';
import { JobDispatcher } from './dispatcher.js';
import * as repo from './repo.js';
import { webhookSettings, type WebhookSettings } from './settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: { settings: WebhookSettings };
  }
}

/** How often each replica looks for deliveries whose job was lost (failed for good in pg-boss). */
const sweepIntervalMs = 60_000;

/**
 * The delivery side of webhooks on this replica: the `webhook-delivery` queue, a dispatcher that
 * runs up to `webhookConcurrency` attempts at once (each on its own, so a hanging receiver holds
 * up no other delivery), a timer per scheduled retry so this replica attempts it on time rather
 * than at its next poll, and a sweeper that re-enqueues deliveries whose job was lost.
 */
export const webhooksPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = webhookSettings(app.config);
    app.decorate('webhooks', { settings });
    const boss = app.jobs.boss;
    await app.jobs.createQueue(webhookDeliveryQueue);
    // pg-boss's own retries only cover a worker that failed to record an attempt (database
    // down, crash, shutdown); the receiver's failures are retried on our schedule (retry-schedule.ts).
    await boss.updateQueue(webhookDeliveryQueue, {
      name: webhookDeliveryQueue,
      retryLimit: 10,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: Math.ceil(settings.send.timeoutMs / 1000) + 60,
    });
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
    const dispatcher = new JobDispatcher<DeliveryJob>({
      boss,
      queue: webhookDeliveryQueue,
      concurrency: settings.concurrency,
      pollingIntervalMs: settings.pollingIntervalSeconds * 1000,
      log: (message, error) => app.log.warn({ err: error }, message),
      handle: async (job) => {
        try {
          app.metrics.webhookAttempt(await attemptDelivery(deps, job.data.deliveryId));
        } catch (error) {
          app.metrics.webhookAttempt('error');
          // The attempt could not be recorded (database away): pg-boss retries the job.
          app.log.error({ err: error, delivery_id: job.data.deliveryId }, 'webhook delivery attempt failed');
          throw error;
        }
      },
    });
    dispatcher.start();

    const sweeper = setInterval(() => {
      void sweepLostDeliveries(app, settings).catch((error: unknown) => app.log.warn({ err: error }, 'webhook delivery sweep failed'));
    }, sweepIntervalMs);
    sweeper.unref();

    // Before the job queue closes (onClose): attempts in flight are aborted and given back.
    app.addHook('preClose', async () => {
      shutdown.abort();
      clearInterval(sweeper);
      for (const timer of timers) clearTimeout(timer);
      await dispatcher.stop();
    });
  },
  { name: 'webhooks', dependencies: ['config', 'db', 'job-queue', 'metrics', 'audit-log'] },
);

/** Deliveries overdue by well over a poll and not leased have no live job: enqueue one again. */
async function sweepLostDeliveries(app: FastifyInstance, settings: WebhookSettings): Promise<void> {
  const graceMs = Math.max(sweepIntervalMs, settings.pollingIntervalSeconds * 10_000);
  const ids = await repo.overdueDeliveries(app.db, graceMs, 500);
  if (ids.length === 0) return;
  await app.db.transaction(async (trx) => {
    // At most one sweeper job per delivery per sweep interval, however congested the queue is.
    for (const id of ids) await enqueueDeliveryJob(trx, id, { singletonKey: `sweep:${id}`, singletonSeconds: sweepIntervalMs / 1000 });
  });
}

import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import { JobQueue, jobQueueSchema } from '../../plugins/job-queue.js';

/** The pg-boss queue of delivery attempts; a job names the delivery, the delivery row holds the state. */
export const webhookDeliveryQueue = 'webhook-delivery';

export interface DeliveryJob {
  deliveryId: string;
}

/**
 * A pg-boss instance that is never started and holds no connection: it only writes job rows,
 * always through the executor of the caller's transaction (JobQueue.inTransaction). The outbox
 * runs inside other domains' transactions, where only the transaction is at hand.
 */
const jobWriter = new PgBoss({
  schema: jobQueueSchema,
  db: {
    executeSql: () => Promise.reject(new Error('webhook delivery jobs are written only inside a transaction')),
  },
});

/** Enqueues an attempt of a delivery, in the transaction that made it due (at `startAfter` if given). */
export async function enqueueDeliveryJob(
  trx: Knex.Transaction,
  deliveryId: string,
  options: Pick<PgBoss.SendOptions, 'startAfter' | 'singletonKey' | 'singletonSeconds'> = {},
): Promise<void> {
  const job: DeliveryJob = { deliveryId };
  await jobWriter.send(webhookDeliveryQueue, job, { ...options, db: JobQueue.inTransaction(trx) });
}

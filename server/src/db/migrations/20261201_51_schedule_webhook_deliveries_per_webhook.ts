import type { Knex } from 'knex';

/**
 * Deliveries are taken a webhook at a time, round-robin, from the deliveries table itself (issue
 * #34, finding 8; Svix and Stripe schedule per endpoint): a worker takes the webhook served least
 * recently that has a delivery due and no attempt in flight (`last_served_at`, `busy_until`),
 * rather than the oldest job of one queue shared by every webhook. A webhook's due retries are
 * found by their own index; the index of all due deliveries that the job sweeper used goes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE webhooks ADD COLUMN last_served_at timestamptz, ADD COLUMN busy_until timestamptz');
  await knex.raw("CREATE INDEX webhook_deliveries_retries ON webhook_deliveries (webhook_id, next_attempt_at) WHERE status = 'pending' AND attempt_count > 0");
  // Each webhook's pending deliveries: whether one is due, and how many are waiting (the cap).
  await knex.raw("CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, next_attempt_at) WHERE status = 'pending'");
  await knex.raw('DROP INDEX webhook_deliveries_due');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'");
  await knex.raw('DROP INDEX webhook_deliveries_pending');
  await knex.raw('DROP INDEX webhook_deliveries_retries');
  await knex.raw('ALTER TABLE webhooks DROP COLUMN busy_until, DROP COLUMN last_served_at');
}

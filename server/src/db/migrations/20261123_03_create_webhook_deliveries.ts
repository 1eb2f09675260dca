import type { Knex } from 'knex';

// One delivery per event and subscribed webhook: its state, its schedule and its last result.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.uuid('id').primary();
    t.uuid('webhook_id').notNullable().references('id').inTable('webhooks').onDelete('CASCADE');
    t.uuid('event_id').notNullable().references('id').inTable('webhook_events').onDelete('CASCADE');
    t.text('event_type').notNullable();
    t.text('status').notNullable().checkIn(['pending', 'succeeded', 'failed']);
    t.integer('attempt_count').notNullable().defaultTo(0);
    // Attempts stop at this count: null for the configured maximum; set by a manual redelivery.
    t.integer('attempt_limit');
    t.timestamp('next_attempt_at', { useTz: true });
    // A worker holds the delivery until then while it makes an attempt; past it, another may.
    t.timestamp('lease_until', { useTz: true });
    t.integer('last_status_code');
    t.integer('last_latency_ms');
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.raw('CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, created_at DESC, id)');
  await knex.raw("CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'");
  await knex.raw('CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_deliveries');
}

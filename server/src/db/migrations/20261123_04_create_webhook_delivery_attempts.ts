import type { Knex } from 'knex';

// Every attempt of a delivery, for the delivery log. Only a short excerpt of the response is kept.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_delivery_attempts', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('delivery_id').notNullable().references('id').inTable('webhook_deliveries').onDelete('CASCADE');
    t.integer('attempt').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.integer('status_code');
    t.integer('latency_ms').notNullable();
    t.text('error');
    t.text('response_excerpt');
  });
  await knex.raw('CREATE INDEX webhook_delivery_attempts_by_delivery ON webhook_delivery_attempts (delivery_id, attempt)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_delivery_attempts');
}

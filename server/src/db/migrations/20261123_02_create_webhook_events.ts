import type { Knex } from 'knex';

// The webhook outbox: each domain event that webhooks receive, written in the transaction of the
// change, with the exact body that every attempt sends (so every attempt signs the same bytes).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_events', (t) => {
    t.uuid('id').primary();
    t.text('type').notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_events');
}

import type { Knex } from 'knex';

// Webhook endpoints (spec: Webhooks). The signing secret is kept encrypted (AES-256-GCM under the
// key-encryption key), not hashed: it must be usable to sign every delivery.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhooks', (t) => {
    t.uuid('id').primary();
    t.text('url').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.specificType('event_types', 'text[]').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('secret_ciphertext').notNullable();
    t.text('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('disabled_at', { useTz: true });
    t.text('disabled_reason');
    // Health, for the disable rule: when the current run of failures began, and how many
    // deliveries in a row used up every attempt.
    t.timestamp('failing_since', { useTz: true });
    t.integer('consecutive_failed_deliveries').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhooks');
}

import type { Knex } from 'knex';

// Failed sign-ins, counted per SHA-256 of (lower-cased username, client IP) to throttle password
// guessing. The key is hashed because people sometimes type a password into the username field.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sign_in_failures', (t) => {
    t.bigIncrements('id').primary();
    t.text('throttle_key').notNullable();
    t.timestamp('failed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['throttle_key', 'failed_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sign_in_failures');
}

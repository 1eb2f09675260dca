import type { Knex } from 'knex';

// Browser sessions of the sign-in, consent and dashboard pages. The cookie holds a random id; only
// its SHA-256 is stored, so a copy of this table signs nobody in. principal_id is null until the
// person signs in (the sign-in form itself is protected by a CSRF token bound to that session).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('web_sessions', (t) => {
    t.text('id_hash').primary();
    t.text('principal_id').references('id').inTable('principals').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('web_sessions');
}

import type { Knex } from 'knex';

// JWT access tokens revoked before they expire, by `jti`. Rows past `expires_at` are useless and pruned.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('revoked_access_tokens', (t) => {
    t.text('jti').primary();
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
    t.timestamp('revoked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('revoked_by');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('revoked_access_tokens');
}

import type { Knex } from 'knex';

// Refresh tokens, stored as SHA-256 only. Each use rotates the token: the presented one gets
// used_at and a new one is inserted in the same grant. Presenting a token whose used_at is set is
// a reuse, which revokes the grant (RFC 9700 section 4.14.2).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_refresh_tokens', (t) => {
    t.text('token_hash').primary();
    t.text('grant_id').notNullable().references('id').inTable('oauth_grants').onDelete('CASCADE').index();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('used_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_refresh_tokens');
}

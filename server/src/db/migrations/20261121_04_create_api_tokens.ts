import type { Knex } from 'knex';

// Long-lived API tokens (spec: Authentication group). Only the SHA-256 of the token is stored.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_tokens', (t) => {
    t.text('id').primary();
    t.text('name').notNullable();
    t.text('token_hash').notNullable().unique();
    t.text('token_hint').notNullable();
    t.specificType('scopes', 'text[]').notNullable();
    t.text('subject').notNullable();
    t.text('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.text('revoked_by');
    t.text('replaced_by');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_tokens');
}

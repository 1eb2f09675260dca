import type { Knex } from 'knex';

// Spec, "OAuth client registration": client_id, client_secret (stored as SHA-256), grant_types, redirect_uris.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_clients', (t) => {
    t.text('client_id').primary();
    t.text('name').notNullable();
    t.text('client_type').notNullable().checkIn(['confidential', 'public']);
    t.text('secret_hash');
    t.specificType('grant_types', 'text[]').notNullable();
    t.specificType('redirect_uris', 'text[]').notNullable().defaultTo('{}');
    t.specificType('allowed_scopes', 'text[]').notNullable();
    t.text('created_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('secret_rotated_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_clients');
}

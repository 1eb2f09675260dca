import type { Knex } from 'knex';

// One row per authorization a user gave a client (an authorization code redeemed): the family of
// its refresh tokens and access tokens. Revoking the grant revokes the whole family (RFC 9700
// section 4.14.2). expires_at is the absolute end of the family's refresh tokens.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_grants', (t) => {
    t.text('id').primary();
    t.text('client_id').notNullable().references('client_id').inTable('oauth_clients').onDelete('CASCADE');
    t.text('principal_id').notNullable().references('id').inTable('principals').onDelete('CASCADE');
    t.specificType('scopes', 'text[]').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
    t.timestamp('revoked_at', { useTz: true });
    t.text('revoked_reason');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_grants');
}

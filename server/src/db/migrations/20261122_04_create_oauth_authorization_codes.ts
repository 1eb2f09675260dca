import type { Knex } from 'knex';

// RFC 6749 section 4.1.2: short-lived, single-use authorization codes, stored as SHA-256 only.
// used_at is set by the one redemption that wins; grant_id names the tokens it issued, so that a
// replay can revoke them (section 4.1.2: SHOULD revoke all tokens issued from the code).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_authorization_codes', (t) => {
    t.text('code_hash').primary();
    t.text('client_id').notNullable().references('client_id').inTable('oauth_clients').onDelete('CASCADE');
    t.text('principal_id').notNullable().references('id').inTable('principals').onDelete('CASCADE');
    t.text('redirect_uri').notNullable();
    t.specificType('scopes', 'text[]').notNullable();
    t.text('code_challenge');
    t.text('code_challenge_method');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
    t.timestamp('used_at', { useTz: true });
    t.text('grant_id').references('id').inTable('oauth_grants').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_authorization_codes');
}

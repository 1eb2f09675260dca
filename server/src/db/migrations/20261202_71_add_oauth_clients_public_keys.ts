import type { Knex } from 'knex';

/**
 * The public keys of a client that authenticates with private_key_jwt (RFC 7523 section 2.2,
 * OpenID Connect Core section 9): a registered JWK Set, or the https URL it is fetched from.
 * One of them, or neither; and a client with keys has no secret (RFC 7591 section 2 registers
 * one token_endpoint_auth_method per client), so a stolen secret cannot stand in for the key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_clients', (t) => {
    t.jsonb('jwks').nullable();
    t.text('jwks_uri').nullable();
  });
  await knex.raw(
    'ALTER TABLE oauth_clients ADD CONSTRAINT oauth_clients_one_key_source CHECK ((jwks IS NULL OR jwks_uri IS NULL) AND ((jwks IS NULL AND jwks_uri IS NULL) OR secret_hash IS NULL))',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE oauth_clients DROP CONSTRAINT IF EXISTS oauth_clients_one_key_source');
  await knex.schema.alterTable('oauth_clients', (t) => {
    t.dropColumn('jwks_uri');
    t.dropColumn('jwks');
  });
}

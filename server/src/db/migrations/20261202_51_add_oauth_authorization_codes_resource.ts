import type { Knex } from 'knex';

/**
 * RFC 8707: the resource an authorization request named, remembered with its code so the token
 * request gets tokens for that API and no other. NULL: none named, this server's own API.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_authorization_codes', (t) => {
    t.text('resource').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_authorization_codes', (t) => {
    t.dropColumn('resource');
  });
}

import type { Knex } from 'knex';

/**
 * RFC 9449 section 5: the refresh tokens of a public client that asked for DPoP-bound tokens are
 * bound to its key. The binding is the grant's (the token family's): every refresh token of it
 * needs a proof with that key. NULL: not bound, as before this column existed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_grants', (t) => {
    t.text('dpop_jkt').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_grants', (t) => {
    t.dropColumn('dpop_jkt');
  });
}

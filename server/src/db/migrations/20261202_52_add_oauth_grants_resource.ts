import type { Knex } from 'knex';

/**
 * RFC 8707: the resource of a grant (its authorization code's), so a refresh issues tokens for
 * that API only and can never widen the audience. NULL: this server's own API, as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_grants', (t) => {
    t.text('resource').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_grants', (t) => {
    t.dropColumn('resource');
  });
}

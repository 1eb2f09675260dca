import type { Knex } from 'knex';

/**
 * Whether a person chose the client's secret (the bootstrap client's ACCTL_BOOTSTRAP_CLIENT_SECRET)
 * rather than the server generating it (256 random bits). A chosen secret may be guessable, so the
 * token endpoints take a throttle slot before comparing it, as the sign-in page does for passwords
 * (token-endpoint/authenticate-client.ts). Existing rows were generated, except the bootstrap
 * client's, which its next start marks (admin/clients.ts ensureClient).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_clients', (t) => {
    t.boolean('secret_chosen').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_clients', (t) => {
    t.dropColumn('secret_chosen');
  });
}

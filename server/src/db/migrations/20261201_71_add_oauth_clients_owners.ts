import type { Knex } from 'knex';

/**
 * The owners (policy metadata.managed_by labels) a client may write (docs/security.md, "Policy
 * ownership"), as a Cerbos Hub credential belongs to one workspace. NULL: not bound, the client
 * writes any policy its scopes allow, as before this column existed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_clients', (t) => {
    t.specificType('owners', 'text[]').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_clients', (t) => {
    t.dropColumn('owners');
  });
}

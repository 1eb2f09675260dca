import type { Knex } from 'knex';

/**
 * Revoking a delegation grant ends the tokens exchanged under it, so it is a change of
 * credentials: the `credentials` counter (migration 20261121_07) moves in the revocation's
 * transaction and every replica's verified-token cache is dropped. Inserting one is not (no
 * token stands on a grant before it exists), so a consent does not empty the caches.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE TRIGGER delegation_grants_bump_generation AFTER DELETE OR UPDATE ON delegation_grants
       FOR EACH STATEMENT EXECUTE FUNCTION acctl_bump_generation('credentials')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER delegation_grants_bump_generation ON delegation_grants');
}

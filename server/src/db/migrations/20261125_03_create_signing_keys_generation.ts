import type { Knex } from 'knex';

/**
 * Signing keys join the change feed (migration 20261121_07): a rotation on one replica, or by
 * `acctl server keys rotate` on the database, bumps the `signing_keys` counter and NOTIFYs, so
 * every replica publishes the new key in its JWKS from the next request, not after its refresh
 * interval.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('change_generations').insert({ name: 'signing_keys' });
  await knex.raw(
    "CREATE TRIGGER signing_keys_bump_generation AFTER INSERT OR UPDATE OR DELETE ON signing_keys FOR EACH STATEMENT EXECUTE FUNCTION acctl_bump_generation('signing_keys')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS signing_keys_bump_generation ON signing_keys');
  await knex('change_generations').where({ name: 'signing_keys' }).delete();
}

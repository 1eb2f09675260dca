import type { Knex } from 'knex';

/**
 * What client authentication reads joins the change feed (migration 20261121_07): OAuth clients
 * (secret rotated, client deleted, grant types changed) and the failure throttle's table. The
 * token, revocation and introspection endpoints then keep both in memory and trust them only at
 * the counter they were read at (domains/oauth/client-auth-cache.ts), instead of two queries
 * per request.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('change_generations').insert({ name: 'client_auth' });
  for (const table of ['oauth_clients', 'sign_in_failures']) {
    await knex.raw(
      `CREATE TRIGGER ${table}_bump_client_auth AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION acctl_bump_generation('client_auth')`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['oauth_clients', 'sign_in_failures']) await knex.raw(`DROP TRIGGER IF EXISTS ${table}_bump_client_auth ON ${table}`);
  await knex('change_generations').where({ name: 'client_auth' }).delete();
}

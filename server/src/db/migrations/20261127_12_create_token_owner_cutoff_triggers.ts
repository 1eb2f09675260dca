import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/**
 * Tokens follow their owner, whatever path changes it (the REST API, the dashboard, `acctl
 * server ...` commands writing to the database): triggers on the owners' tables write
 * token_owner_cutoffs (migration 20261127_11) in the transaction of the change: principals
 * leaving `active` or losing `is_admin`, oauth_clients deleted or created again
 * (db/functions/acctl_cut_principal_tokens.sql and acctl_cut_client_tokens.sql).
 */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_cut_principal_tokens');
  await knex.raw(
    'CREATE TRIGGER principals_cut_tokens AFTER UPDATE OF status, attributes ON principals FOR EACH ROW EXECUTE FUNCTION acctl_cut_principal_tokens()',
  );
  await createSqlFunction(knex, 'acctl_cut_client_tokens');
  await knex.raw('CREATE TRIGGER oauth_clients_cut_tokens AFTER INSERT OR DELETE ON oauth_clients FOR EACH ROW EXECUTE FUNCTION acctl_cut_client_tokens()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS oauth_clients_cut_tokens ON oauth_clients');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_cut_client_tokens()');
  await knex.raw('DROP TRIGGER IF EXISTS principals_cut_tokens ON principals');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_cut_principal_tokens()');
}

import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/** acctl_credential_failure: an attempt turned out wrong, and the per-name lockout (db/functions/acctl_credential_failure.sql). */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_credential_failure');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_credential_failure(text, bigint, text, text, timestamptz, integer, integer, integer, integer, integer)');
}

import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/** acctl_credential_wait: the failure throttle's rule (db/functions/acctl_credential_wait.sql). */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_credential_wait');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_credential_wait(text, text, timestamptz, integer, integer, integer)');
}

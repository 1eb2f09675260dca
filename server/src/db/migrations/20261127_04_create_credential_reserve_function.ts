import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/** acctl_credential_reserve: a slot for one attempt, or the seconds to wait (db/functions/acctl_credential_reserve.sql). */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_credential_reserve');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_credential_reserve(text, text, text, timestamptz, integer, integer, integer)');
}

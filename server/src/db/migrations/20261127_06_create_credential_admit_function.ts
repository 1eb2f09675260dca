import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/** acctl_credential_admit: whether a right credential may be let in (db/functions/acctl_credential_admit.sql). */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_credential_admit');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_credential_admit(text, text, timestamptz, integer, integer, integer)');
}

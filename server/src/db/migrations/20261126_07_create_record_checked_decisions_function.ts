import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/** acctl_record_checked_decisions: the decision recorder's one-statement write (db/functions/acctl_record_checked_decisions.sql). */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_record_checked_decisions');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_record_checked_decisions(bigint, bytea, jsonb, jsonb, jsonb)');
}

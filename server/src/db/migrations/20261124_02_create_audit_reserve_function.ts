import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/** acctl_audit_reserve(n): the first step of every append to the audit log (db/functions/acctl_audit_reserve.sql). */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_audit_reserve');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_audit_reserve(integer)');
}

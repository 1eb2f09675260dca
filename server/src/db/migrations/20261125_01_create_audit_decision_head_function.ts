import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/** acctl_audit_decision_head(): the hash at the head of the decision chain (db/functions/acctl_audit_decision_head.sql). */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_audit_decision_head');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_audit_decision_head()');
}

import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/**
 * Retention by month (domains/audit/retention.ts): whole monthly partitions are dropped, not their
 * rows deleted: acctl_drop_expired_decisions_month for decisions, and
 * acctl_audit_drop_expired_decision_month for decision events (db/functions/).
 */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_drop_expired_decisions_month');
  await createSqlFunction(knex, 'acctl_audit_drop_expired_decision_month');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_audit_drop_expired_decision_month(timestamptz)');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_drop_expired_decisions_month(timestamptz)');
}

import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/**
 * Monthly partitions (UTC months) of the tables that grow with decisions: `decisions` and
 * `audit_events_decision` (migrations 20261126_02 and _03). Their naming rule and the creation of
 * a month, used by those migrations and by the hourly maintenance (db/month-partitions.ts).
 */
export async function up(knex: Knex): Promise<void> {
  for (const name of ['acctl_month_partition_name', 'acctl_month_partitions', 'acctl_ensure_month_partition', 'acctl_ensure_month_partitions']) {
    await createSqlFunction(knex, name);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_ensure_month_partitions(text, timestamptz, integer)');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_ensure_month_partition(text, timestamptz)');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_month_partitions(text)');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_month_partition_name(text, timestamptz)');
}

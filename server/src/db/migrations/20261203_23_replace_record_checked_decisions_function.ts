import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/** acctl_record_checked_decisions again: its insert now carries actor_act (migration 20261203_21), a delegated caller's chain on its decisions' events. */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_record_checked_decisions');
}

/** The function stays: the version before it names the columns it had, which the table still has. */
export async function down(): Promise<void> {}

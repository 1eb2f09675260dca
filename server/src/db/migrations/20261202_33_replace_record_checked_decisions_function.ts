import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/** acctl_record_checked_decisions again: its insert now carries decisions.kind (migration 20261202_31), so plans are recorded with decisions. */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_record_checked_decisions');
}

/** The function stays: the version before it names the columns it had, which the table still has. */
export async function down(): Promise<void> {}

import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/** acctl_append_change_events again: its insert now carries actor_act (migration 20261203_21). */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_append_change_events');
}

/** The function stays: the version before it names the columns it had, which the table still has. */
export async function down(): Promise<void> {}

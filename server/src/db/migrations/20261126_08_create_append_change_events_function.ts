import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/** acctl_append_change_events: change events appended in one statement (db/functions/acctl_append_change_events.sql). */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_append_change_events');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_append_change_events(bigint, bytea, jsonb)');
}

import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/**
 * The audit log's head lookups again, each with SET enable_seqscan = off (db/functions/*.sql say
 * why): a plan PL/pgSQL made on an empty log read the whole chain on every append.
 */
export async function up(knex: Knex): Promise<void> {
  for (const name of ['acctl_audit_decision_head', 'acctl_audit_reserve', 'acctl_append_change_events']) await createSqlFunction(knex, name);
}

/** The functions stay: without the setting they answer the same, only slower. */
export async function down(): Promise<void> {}

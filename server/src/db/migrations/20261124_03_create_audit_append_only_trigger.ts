import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/**
 * audit_events is append-only: UPDATE, DELETE and TRUNCATE are refused, whoever asks, except the
 * deletion of decision events by retention (db/functions/acctl_audit_events_append_only.sql).
 */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_audit_events_append_only');
  await knex.raw(
    'CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION acctl_audit_events_append_only()',
  );
  await knex.raw(
    'CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION acctl_audit_events_append_only()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS audit_events_no_truncate ON audit_events');
  await knex.raw('DROP TRIGGER IF EXISTS audit_events_append_only ON audit_events');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_audit_events_append_only()');
}

import type { Knex } from 'knex';

/**
 * audit_events is append-only: UPDATE, DELETE and TRUNCATE are refused, whoever asks, except the
 * deletion of decision events by retention, which sets acctl.audit_retention for its transaction
 * only (acctl_audit_prune_decisions, migration 20261124_04). Any session can set that setting, so
 * this guards against mistakes and application bugs; README's "Append-only" shows how to also
 * REVOKE UPDATE and DELETE from the application's role, which a compromised application cannot undo.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION acctl_audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        IF OLD.chain = 'decision' AND current_setting('acctl.audit_retention', true) = 'on' THEN
          RETURN OLD;
        END IF;
      END IF;
      RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege', HINT = 'Only retention may delete decision.evaluated events.';
    END
    $$`);
  await knex.raw('CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION acctl_audit_events_append_only()');
  await knex.raw('CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION acctl_audit_events_append_only()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS audit_events_no_truncate ON audit_events');
  await knex.raw('DROP TRIGGER IF EXISTS audit_events_append_only ON audit_events');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_audit_events_append_only()');
}

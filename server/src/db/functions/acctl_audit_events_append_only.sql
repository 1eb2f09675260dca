-- audit_events is append-only: its triggers (UPDATE, DELETE and TRUNCATE) call this, which refuses
-- them whoever asks, except the deletion of decision events by retention, which sets
-- acctl.audit_retention for its transaction only (acctl_audit_drop_expired_decision_month, and
-- acctl_ensure_month_partition moving rows out of the DEFAULT partition). Any session can set that
-- setting, so this guards against mistakes and application bugs; README's "Append-only" shows how
-- to also REVOKE UPDATE and DELETE from the application's role, which a compromised application
-- cannot undo.
CREATE OR REPLACE FUNCTION acctl_audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.chain = 'decision' AND current_setting('acctl.audit_retention', true) = 'on' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Only retention may delete decision.evaluated events.';
END
$$;

-- The hash at the head of the audit log's decision chain: its last decision event, or, when
-- retention has deleted every one, the hash the last audit.retention_applied event recorded (the
-- rule of acctl_audit_reserve). The decision recorder's write (acctl_record_checked_decisions)
-- compares it with the head the caller predicted.
-- SET enable_seqscan = off SET jit = off: the head lookups keep index plans (acctl_append_change_events.sql says why).
CREATE OR REPLACE FUNCTION acctl_audit_decision_head()
RETURNS bytea
LANGUAGE plpgsql STABLE
SET enable_seqscan = off SET jit = off AS $$
DECLARE head bytea;
BEGIN
  SELECT e.hash INTO head FROM audit_events e WHERE e.chain = 'decision' ORDER BY e.seq DESC LIMIT 1;
  IF head IS NULL THEN
    SELECT decode(e.data->>'through_hash', 'hex') INTO head
    FROM audit_events e WHERE e.type = 'audit.retention_applied' ORDER BY e.seq DESC LIMIT 1;
  END IF;
  RETURN head;
END
$$;

-- The hash at the head of the audit log's decision chain: its last decision event, or, when
-- retention has deleted every one, the hash the last audit.retention_applied event recorded (the
-- rule of acctl_audit_reserve). The decision recorder's write (acctl_record_checked_decisions)
-- compares it with the head the caller predicted.
-- SET enable_seqscan = off: PL/pgSQL keeps the plan of each head lookup for the session, made
-- when the log may still be empty; a plan made then (a scan of the whole chain and a sort) stayed
-- until the table was next analysed, so every append read every event of the chain while holding
-- the log's lock (seen in the DPoP bench: thousands of rows read per token). Off, the plans are the
-- backward index scans (seq) that read one row at any size. jit = off: a scan left no other path
-- (the sequence's own row) is costed as disabled, which would otherwise compile it, 15 ms a call.
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

-- acctl_audit_reserve(n): the first step of every append to the audit log (domains/audit/
-- audit-log.ts), in one round trip. It takes the log's transaction-scoped advisory lock, which
-- serialises appends until their transactions end, then hands out n sequence numbers and the
-- hash at the head of each chain. A VOLATILE function reads with a fresh snapshot after taking
-- the lock (READ COMMITTED), so it sees the head that the previous holder committed. When
-- retention has deleted every decision event, the decision chain's head is the hash recorded by
-- the last audit.retention_applied event.
-- SET enable_seqscan = off SET jit = off: the head lookups keep index plans (acctl_append_change_events.sql says why).
CREATE OR REPLACE FUNCTION acctl_audit_reserve(p_count integer)
RETURNS TABLE (sequences bigint[], change_head bytea, decision_head bytea)
LANGUAGE plpgsql VOLATILE
SET enable_seqscan = off SET jit = off AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7017561995875804276);
  sequences := ARRAY(SELECT nextval('audit_events_sequence') FROM generate_series(1, p_count));
  SELECT e.hash INTO change_head FROM audit_events e WHERE e.chain = 'change' ORDER BY e.seq DESC LIMIT 1;
  SELECT e.hash INTO decision_head FROM audit_events e WHERE e.chain = 'decision' ORDER BY e.seq DESC LIMIT 1;
  IF decision_head IS NULL THEN
    SELECT decode(e.data->>'through_hash', 'hex') INTO decision_head
    FROM audit_events e WHERE e.type = 'audit.retention_applied' ORDER BY e.seq DESC LIMIT 1;
  END IF;
  RETURN NEXT;
END
$$;

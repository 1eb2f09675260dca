-- acctl_record_checked_decisions(expected_sequence, expected_head, generations, decisions, events):
-- the decision recorder's write (domains/audit/decision-recorder.ts), ONE statement storing a
-- group of decisions and query plans (kind) and their decision-chain audit events, when the caller predicted right:
-- - the change counters the decisions were made with, so a decision needs no read of the counters
--   before it is evaluated (plugins/change-feed.ts, "checked at commit"). The decisions are stored
--   only if no counter in `generations` (policies, principals, credentials: {"name": n}) has moved
--   past the value given; otherwise nothing is stored and the answer is 'stale' with the current
--   counters, and the caller evaluates again with caches at least that new (and authenticates again);
-- - the audit log's tail: the caller numbered and hashed the events itself from the state its
--   previous write left; under the log's append lock (the one acctl_audit_reserve takes) this
--   checks that nothing was appended since (the sequence's last value and the decision chain's
--   head), then inserts and advances the sequence. A wrong prediction stores nothing and answers
--   'tail_moved' with the actual state (last_sequence, decision_head), and the caller falls back to
--   the reserve-then-append transaction.
-- Optimistic concurrency, as in compare-and-swap appends of event stores (EventStoreDB's expected
-- revision): one round trip instead of four, and the lock is held for one statement, not across
-- client round trips. Without events (auditDecisionEvents), it neither takes the audit log's lock
-- nor checks its tail.
CREATE OR REPLACE FUNCTION acctl_record_checked_decisions(
  p_expected_sequence bigint, p_expected_head bytea, p_generations jsonb, p_decisions jsonb, p_events jsonb)
RETURNS TABLE (answer text, last_sequence bigint, decision_head bytea, generations jsonb)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_count integer := jsonb_array_length(p_events);
BEGIN
  IF v_count > 0 THEN
    PERFORM pg_advisory_xact_lock(7017561995875804276);
  END IF;
  -- Read under the lock (a new snapshot per statement): counters committed before this write.
  SELECT jsonb_object_agg(g.name, g.generation) INTO generations FROM change_generations g;
  IF EXISTS (SELECT 1 FROM jsonb_each_text(p_generations) e WHERE COALESCE((generations->>e.key)::bigint, 0) > e.value::bigint) THEN
    answer := 'stale';
    RETURN NEXT;
    RETURN;
  END IF;
  IF v_count > 0 THEN
    SELECT CASE WHEN s.is_called THEN s.last_value ELSE s.last_value - 1 END INTO last_sequence FROM audit_events_sequence s;
    decision_head := acctl_audit_decision_head();
    IF last_sequence IS DISTINCT FROM p_expected_sequence OR decision_head IS DISTINCT FROM p_expected_head THEN
      answer := 'tail_moved';
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;
  INSERT INTO decisions (id, created_at, kind, decision, principal_id, principal_type, resource_type, resource_identifier, action,
                         caller_subject, client_id, request_id, evaluation_time_ms, request, result)
  SELECT id, created_at, kind, decision, principal_id, principal_type, resource_type, resource_identifier, action,
         caller_subject, client_id, request_id, evaluation_time_ms, request, result
  FROM jsonb_populate_recordset(NULL::decisions, p_decisions);
  IF v_count > 0 THEN
    INSERT INTO audit_events (seq, id, chain, type, occurred_at, actor_subject, actor_client_id, actor_token_kind, actor_act, target_type, target_id,
                              outcome, request_id, client_request_id, source_ip, user_agent, change, data, prev_hash, hash)
    SELECT seq, id, chain, type, occurred_at, actor_subject, actor_client_id, actor_token_kind, actor_act, target_type, target_id,
           outcome, request_id, client_request_id, source_ip, user_agent, change, data, prev_hash, hash
    FROM jsonb_populate_recordset(NULL::audit_events, p_events);
    PERFORM setval('audit_events_sequence', p_expected_sequence + v_count);
    last_sequence := p_expected_sequence + v_count;
  END IF;
  -- The caller sealed the events: it knows the new head without reading it back.
  decision_head := NULL;
  answer := 'recorded';
  RETURN NEXT;
END
$$;

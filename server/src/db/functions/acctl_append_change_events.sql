-- acctl_append_change_events(expected_sequence, expected_head, events): appends change-chain events
-- that no webhook receives (auth.token_issued) in ONE statement, when the caller predicted the audit
-- log's tail right (domains/audit/predicted-tail.ts): under the log's append lock it checks the
-- sequence's last value and the change chain's head, then inserts and advances the sequence. A
-- wrong prediction stores nothing and answers the actual tail ('tail_moved'). The token endpoint's
-- background recorder used a transaction of four round trips per group instead.
-- SET enable_seqscan = off: PL/pgSQL keeps the plan of each head lookup for the session, made
-- when the log may still be empty; a plan made then (a scan of the whole chain and a sort) stayed
-- until the table was next analysed, so every append read every event of the chain while holding
-- the log's lock (seen in the DPoP bench: thousands of rows read per token). Off, the plans are the
-- backward index scans (seq) that read one row at any size. jit = off: a scan left no other path
-- (the sequence's own row) is costed as disabled, which would otherwise compile it, 15 ms a call.
CREATE OR REPLACE FUNCTION acctl_append_change_events(p_expected_sequence bigint, p_expected_head bytea, p_events jsonb)
RETURNS TABLE (answer text, last_sequence bigint, change_head bytea)
LANGUAGE plpgsql VOLATILE
SET enable_seqscan = off SET jit = off AS $$
DECLARE
  v_count integer := jsonb_array_length(p_events);
BEGIN
  PERFORM pg_advisory_xact_lock(7017561995875804276);
  SELECT CASE WHEN s.is_called THEN s.last_value ELSE s.last_value - 1 END INTO last_sequence FROM audit_events_sequence s;
  SELECT e.hash INTO change_head FROM audit_events e WHERE e.chain = 'change' ORDER BY e.seq DESC LIMIT 1;
  IF last_sequence IS DISTINCT FROM p_expected_sequence OR change_head IS DISTINCT FROM p_expected_head THEN
    answer := 'tail_moved';
    RETURN NEXT;
    RETURN;
  END IF;
  INSERT INTO audit_events (seq, id, chain, type, occurred_at, actor_subject, actor_client_id, actor_token_kind, actor_act, target_type, target_id,
                            outcome, request_id, client_request_id, source_ip, user_agent, change, data, prev_hash, hash)
  SELECT seq, id, chain, type, occurred_at, actor_subject, actor_client_id, actor_token_kind, actor_act, target_type, target_id,
         outcome, request_id, client_request_id, source_ip, user_agent, change, data, prev_hash, hash
  FROM jsonb_populate_recordset(NULL::audit_events, p_events);
  PERFORM setval('audit_events_sequence', p_expected_sequence + v_count);
  last_sequence := p_expected_sequence + v_count;
  change_head := NULL;
  answer := 'recorded';
  RETURN NEXT;
END
$$;

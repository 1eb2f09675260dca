import type { Knex } from 'knex';

/**
 * acctl_record_decisions(expected_sequence, expected_head, decisions, events): stores a group of
 * decisions and their decision.evaluated audit events in ONE statement, when the caller predicted
 * the audit log's state right (domains/decisions/decision-recorder.ts). The caller numbered and
 * hashed the events itself from the state its previous write left; under the log's append lock
 * (the one acctl_audit_reserve takes) this checks that nothing was appended since (the sequence's
 * last value and the decision chain's head), then inserts and advances the sequence. When the
 * prediction is wrong it stores nothing and answers the actual state, and the caller falls back
 * to the reserve-then-append transaction. Optimistic concurrency, as in compare-and-swap appends
 * of event stores (EventStoreDB's expected revision): one round trip instead of four, and the lock
 * is held for one statement, not across client round trips.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION acctl_audit_decision_head()
    RETURNS bytea
    LANGUAGE plpgsql STABLE AS $$
    DECLARE head bytea;
    BEGIN
      SELECT e.hash INTO head FROM audit_events e WHERE e.chain = 'decision' ORDER BY e.seq DESC LIMIT 1;
      IF head IS NULL THEN
        SELECT decode(e.data->>'through_hash', 'hex') INTO head
        FROM audit_events e WHERE e.type = 'audit.retention_applied' ORDER BY e.seq DESC LIMIT 1;
      END IF;
      RETURN head;
    END
    $$`);
  await knex.raw(`
    CREATE FUNCTION acctl_record_decisions(p_expected_sequence bigint, p_expected_head bytea, p_decisions jsonb, p_events jsonb)
    RETURNS TABLE (recorded boolean, last_sequence bigint, decision_head bytea)
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      v_count integer := jsonb_array_length(p_events);
    BEGIN
      PERFORM pg_advisory_xact_lock(7017561995875804276);
      SELECT CASE WHEN s.is_called THEN s.last_value ELSE s.last_value - 1 END INTO last_sequence FROM audit_events_sequence s;
      decision_head := acctl_audit_decision_head();
      IF last_sequence IS DISTINCT FROM p_expected_sequence OR decision_head IS DISTINCT FROM p_expected_head THEN
        recorded := false;
        RETURN NEXT;
        RETURN;
      END IF;
      INSERT INTO decisions (id, created_at, decision, principal_id, principal_type, resource_type, resource_identifier, action,
                             caller_subject, client_id, request_id, evaluation_time_ms, request, result)
      SELECT id, created_at, decision, principal_id, principal_type, resource_type, resource_identifier, action,
             caller_subject, client_id, request_id, evaluation_time_ms, request, result
      FROM jsonb_populate_recordset(NULL::decisions, p_decisions);
      INSERT INTO audit_events (seq, id, chain, type, occurred_at, actor_subject, actor_client_id, actor_token_kind, target_type, target_id,
                                outcome, request_id, source_ip, user_agent, change, data, prev_hash, hash)
      SELECT seq, id, chain, type, occurred_at, actor_subject, actor_client_id, actor_token_kind, target_type, target_id,
             outcome, request_id, source_ip, user_agent, change, data, prev_hash, hash
      FROM jsonb_populate_recordset(NULL::audit_events, p_events);
      IF v_count > 0 THEN
        PERFORM setval('audit_events_sequence', p_expected_sequence + v_count);
        SELECT e.hash INTO decision_head FROM audit_events e WHERE e.seq = p_expected_sequence + v_count;
      END IF;
      last_sequence := p_expected_sequence + v_count;
      recorded := true;
      RETURN NEXT;
    END
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_record_decisions(bigint, bytea, jsonb, jsonb)');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_audit_decision_head()');
}

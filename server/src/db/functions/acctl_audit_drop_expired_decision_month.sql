-- Retention by month of decision events (domains/audit/retention.ts), the only way they are
-- deleted: drops the oldest monthly partition of audit_events_decision that ended by `p_before`.
-- What is deleted stays a prefix of the decision chain by seq, and the answer is the sequence and
-- hash of its last event: the anchor the caller records, in the same transaction, as an
-- audit.retention_applied event of the change chain. Months and seq do not quite agree at the
-- boundary: an event of late May can commit after one of early June (clocks of replicas, commit
-- order). Those early-June events with a lower seq than the last of May, the stragglers, are
-- deleted with the month, and the month waits (skipped) while any of them is not itself older
-- than `p_before`. Appends pause from the straggler check to the commit (the log's append lock),
-- so none can slip in. The caller sets a lock_timeout: DROP waits for readers of the parent.
-- SECURITY DEFINER, as acctl_ensure_month_partition.
CREATE OR REPLACE FUNCTION acctl_audit_drop_expired_decision_month(p_before timestamptz)
RETURNS TABLE (partition_name text, deleted bigint, through_sequence bigint, through_hash bytea)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = @extschema@, pg_temp AS $$
DECLARE
  v_month record;
  v_last bigint;
  v_count bigint;
  v_stragglers bigint;
BEGIN
  -- One pruner at a time, and no partition created meanwhile.
  PERFORM pg_advisory_xact_lock(7017561996127270254);
  PERFORM pg_advisory_xact_lock(7017561996127270301);
  FOR v_month IN SELECT p.partition_name, p.month_start, p.month_end FROM acctl_month_partitions('audit_events_decision') p
                 WHERE p.month_end <= p_before ORDER BY p.month_start LOOP
    EXECUTE format('SELECT max(seq) FROM %I', v_month.partition_name) INTO v_last;
    -- Stragglers not yet past retention: the month waits for them. (p_before prunes the expired months, this one too.)
    CONTINUE WHEN v_last IS NOT NULL AND EXISTS (
      SELECT 1 FROM audit_events_decision e WHERE e.seq <= v_last AND e.occurred_at >= p_before);
    -- Counted before appends pause; events appended since (into a past month: rare) are counted under the
    -- lock, and have higher numbers than all counted (seq follows commit order).
    EXECUTE format('SELECT max(seq), count(*) FROM %I', v_month.partition_name) INTO v_last, v_count;
    PERFORM pg_advisory_xact_lock(7017561995875804276);
    EXECUTE format('SELECT count(*) FROM %I WHERE seq > $1', v_month.partition_name) INTO v_stragglers USING coalesce(v_last, 0);
    v_count := v_count + v_stragglers;
    EXECUTE format('SELECT max(seq) FROM %I', v_month.partition_name) INTO v_last;
    CONTINUE WHEN v_last IS NOT NULL AND EXISTS (
      SELECT 1 FROM audit_events_decision e WHERE e.seq <= v_last AND e.occurred_at >= p_before);
    partition_name := v_month.partition_name;
    through_sequence := v_last;
    through_hash := NULL;
    deleted := v_count;
    IF v_last IS NOT NULL THEN
      EXECUTE format('SELECT hash FROM %I WHERE seq = $1', v_month.partition_name) INTO through_hash USING v_last;
      PERFORM set_config('acctl.audit_retention', 'on', true);
      -- The time condition leaves the month itself out by partition pruning: the stragglers only.
      DELETE FROM audit_events_decision e WHERE e.seq <= v_last AND (e.occurred_at < v_month.month_start OR e.occurred_at >= v_month.month_end);
      GET DIAGNOSTICS v_stragglers = ROW_COUNT;
      PERFORM set_config('acctl.audit_retention', 'off', true);
      deleted := deleted + v_stragglers;
    END IF;
    EXECUTE format('DROP TABLE %I', v_month.partition_name);
    RETURN NEXT;
    RETURN;
  END LOOP;
END
$$;

import type { Knex } from 'knex';

/**
 * Retention by month (domains/audit/retention.ts): whole monthly partitions are dropped, not their
 * rows deleted, so a month goes in milliseconds and leaves no dead rows to vacuum.
 *
 * acctl_drop_expired_decisions_month(before) drops the oldest month of `decisions` that ended by
 * `before` and answers its name and row count (nothing when there is none).
 *
 * acctl_audit_drop_expired_decision_month(before) does the same for decision events, keeping
 * what acctl_audit_prune_decisions (migration 20261124_04) promises: what is deleted is a prefix
 * of the decision chain by seq, and the answer is the sequence and hash of its last event, the
 * anchor the caller records in the same transaction. Months and seq do not quite agree at the
 * boundary: an event of late May can commit after one of early June (clocks of replicas, commit
 * order). Those early-June events with a lower seq than the last of May, the stragglers, are
 * deleted with the month, and the month waits (skipped) while any of them is not itself older
 * than `before`. Appends pause from the straggler check to the commit (the log's append lock),
 * so none can slip in. The caller sets a lock_timeout: DROP waits for readers of the parent.
 */
export async function up(knex: Knex): Promise<void> {
  const schema = ((await knex.raw('SELECT current_schema() AS name')) as { rows: Array<{ name: string }> }).rows[0]!.name;
  const searchPath = `"${schema.replace(/"/g, '""')}", pg_temp`;
  await knex.raw(`
    CREATE FUNCTION acctl_drop_expired_decisions_month(p_before timestamptz)
    RETURNS TABLE (partition_name text, deleted bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ${searchPath} AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(7017561996127270301);
      SELECT p.partition_name INTO partition_name FROM acctl_month_partitions('decisions') p WHERE p.month_end <= p_before ORDER BY p.month_start LIMIT 1;
      IF partition_name IS NULL THEN
        RETURN;
      END IF;
      EXECUTE format('SELECT count(*) FROM %I', partition_name) INTO deleted;
      EXECUTE format('DROP TABLE %I', partition_name);
      RETURN NEXT;
    END
    $$`);
  await knex.raw(`
    CREATE FUNCTION acctl_audit_drop_expired_decision_month(p_before timestamptz)
    RETURNS TABLE (partition_name text, deleted bigint, through_sequence bigint, through_hash bytea)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ${searchPath} AS $$
    DECLARE
      v_month record;
      v_last bigint;
      v_count bigint;
      v_stragglers bigint;
    BEGIN
      -- One pruner at a time (the lock of acctl_audit_prune_decisions), and no partition created meanwhile.
      PERFORM pg_advisory_xact_lock(7017561996127270254);
      PERFORM pg_advisory_xact_lock(7017561996127270301);
      FOR v_month IN SELECT p.partition_name, p.month_start, p.month_end FROM acctl_month_partitions('audit_events_decision') p WHERE p.month_end <= p_before ORDER BY p.month_start LOOP
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
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_audit_drop_expired_decision_month(timestamptz)');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_drop_expired_decisions_month(timestamptz)');
}

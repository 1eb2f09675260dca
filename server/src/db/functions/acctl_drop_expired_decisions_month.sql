-- Retention by month (domains/audit/retention.ts): drops the oldest monthly partition of decisions
-- that ended by `p_before` and answers its name and row count (nothing when there is none). A
-- whole partition is dropped, not its rows deleted, so a month goes in milliseconds and leaves no
-- dead rows to vacuum. The caller sets a lock_timeout: DROP waits for readers of the parent.
-- SECURITY DEFINER, as acctl_ensure_month_partition.
CREATE OR REPLACE FUNCTION acctl_drop_expired_decisions_month(p_before timestamptz)
RETURNS TABLE (partition_name text, deleted bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = @extschema@, pg_temp AS $$
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
$$;

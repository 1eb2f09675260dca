-- The hourly maintenance of a table's monthly partitions (db/month-partitions.ts): `p_month`'s
-- month, the `p_ahead` after it, and the months of rows in the DEFAULT partition, each made by
-- acctl_ensure_month_partition; answers the names of the partitions created. The lock comes before
-- reading the DEFAULT partition: a replica holding a read lock on it while waiting for the advisory
-- lock would deadlock with the ATTACH of another. SECURITY DEFINER, as acctl_ensure_month_partition.
CREATE OR REPLACE FUNCTION acctl_ensure_month_partitions(p_parent text, p_month timestamptz, p_ahead integer)
RETURNS SETOF text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = @extschema@, pg_temp AS $$
DECLARE
  v_month timestamptz;
  v_key text;
BEGIN
  IF p_parent NOT IN ('decisions', 'audit_events_decision') THEN
    RAISE EXCEPTION 'no monthly partitions for %', p_parent USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM pg_advisory_xact_lock(7017561996127270301);
  SELECT a.attname INTO v_key
  FROM pg_partitioned_table pt JOIN pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]
  WHERE pt.partrelid = p_parent::regclass;
  FOR v_month IN EXECUTE format(
    'SELECT $1 + make_interval(months => n) FROM generate_series(0, $2) n
     UNION SELECT DISTINCT date_trunc(''month'', d.%I AT TIME ZONE ''UTC'') AT TIME ZONE ''UTC'' FROM %I d ORDER BY 1', v_key, p_parent || '_default')
    USING p_month, p_ahead
  LOOP
    IF acctl_ensure_month_partition(p_parent, v_month) THEN
      RETURN NEXT acctl_month_partition_name(p_parent, v_month);
    END IF;
  END LOOP;
END
$$;

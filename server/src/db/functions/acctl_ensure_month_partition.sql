-- Creates a month's partition of decisions or audit_events_decision unless it exists, under the
-- partition maintenance's advisory lock, so replicas running it at once create it once. A month
-- whose rows went to the DEFAULT partition (no partition existed when they were inserted) takes
-- them with it. The table is created standalone and ATTACHed: ATTACH locks the parent SHARE UPDATE
-- EXCLUSIVE, which lets inserts and reads go on, where CREATE TABLE ... PARTITION OF would lock it
-- exclusively. SECURITY DEFINER, with its search_path fixed to the schema migrated and pg_temp last
-- (PostgreSQL's CREATE FUNCTION, "Writing SECURITY DEFINER Functions Safely"), so the application's
-- role needs EXECUTE only (README, "Append-only").
CREATE OR REPLACE FUNCTION acctl_ensure_month_partition(p_parent text, p_month timestamptz)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = @extschema@, pg_temp AS $$
DECLARE
  v_start timestamptz := date_trunc('month', p_month AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  v_end timestamptz := (date_trunc('month', p_month AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  v_name text := acctl_month_partition_name(p_parent, p_month);
  v_key text;
BEGIN
  IF p_parent NOT IN ('decisions', 'audit_events_decision') THEN
    RAISE EXCEPTION 'no monthly partitions for %', p_parent USING ERRCODE = 'invalid_parameter_value';
  END IF;
  -- Partition maintenance, one replica at a time (retention's drops take it too).
  PERFORM pg_advisory_xact_lock(7017561996127270301);
  IF to_regclass(quote_ident(v_name)) IS NOT NULL THEN
    RETURN false;
  END IF;
  SELECT a.attname INTO v_key
  FROM pg_partitioned_table pt JOIN pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]
  WHERE pt.partrelid = p_parent::regclass;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', v_name, p_parent);
  -- Moving decision events out of the DEFAULT partition is a delete there: the append-only trigger lets it through.
  PERFORM set_config('acctl.audit_retention', 'on', true);
  EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved',
                 p_parent || '_default', v_key, v_key, v_name) USING v_start, v_end;
  PERFORM set_config('acctl.audit_retention', 'off', true);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', p_parent, v_name, v_start, v_end);
  -- Row triggers come with ATTACH; the TRUNCATE trigger of the audit log does not (statement triggers are not cloned).
  IF p_parent = 'audit_events_decision' THEN
    EXECUTE format('CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION acctl_audit_events_append_only()',
                   v_name);
  END IF;
  RETURN true;
END
$$;

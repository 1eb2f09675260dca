import type { Knex } from 'knex';

/**
 * Monthly partitions (UTC months) of the tables that grow with decisions: `decisions` and
 * `audit_events_decision` (migrations 20261126_02 and _03). The one place of the naming rule
 * (`<parent>_YYYY_MM`, next to `<parent>_default`) and of creating a month, used by those
 * migrations and by the hourly maintenance (db/month-partitions.ts).
 *
 * acctl_ensure_month_partition creates a month's partition unless it exists, under an advisory
 * lock, so replicas running it at once create it once. A month whose rows went to the DEFAULT
 * partition (no partition existed when they were inserted) takes them with it. The table is
 * created standalone and ATTACHed: ATTACH locks the parent SHARE UPDATE EXCLUSIVE, which lets
 * inserts and reads go on, where CREATE TABLE ... PARTITION OF would lock it exclusively.
 * SECURITY DEFINER, like acctl_audit_prune_decisions: the application's role needs EXECUTE only.
 */
export async function up(knex: Knex): Promise<void> {
  const schema = ((await knex.raw('SELECT current_schema() AS name')) as { rows: Array<{ name: string }> }).rows[0]!.name;
  const searchPath = `"${schema.replace(/"/g, '""')}", pg_temp`;
  await knex.raw(`
    CREATE FUNCTION acctl_month_partition_name(p_parent text, p_month timestamptz)
    RETURNS text LANGUAGE sql STABLE AS $$
      SELECT p_parent || '_' || to_char(p_month AT TIME ZONE 'UTC', 'YYYY_MM')
    $$`);
  // Bounds read from the catalog (not parsed from names): every partition but the DEFAULT, oldest first.
  await knex.raw(`
    CREATE FUNCTION acctl_month_partitions(p_parent text)
    RETURNS TABLE (partition_name text, month_start timestamptz, month_end timestamptz)
    LANGUAGE sql STABLE AS $$
      SELECT c.relname::text, b[1]::timestamptz, b[2]::timestamptz
      FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      CROSS JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\) TO \\(''([^'']+)''\\)') b
      WHERE i.inhparent = p_parent::regclass AND b IS NOT NULL
      ORDER BY 2
    $$`);
  await knex.raw(`
    CREATE FUNCTION acctl_ensure_month_partition(p_parent text, p_month timestamptz)
    RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ${searchPath} AS $$
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
        EXECUTE format('CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION acctl_audit_events_append_only()', v_name);
      END IF;
      RETURN true;
    END
    $$`);
  // The maintenance: `p_month`'s month, the `p_ahead` after it, and the months of rows in the
  // DEFAULT partition. The lock comes before reading the DEFAULT partition: a replica holding a
  // read lock on it while waiting for the advisory lock would deadlock with the ATTACH of another.
  await knex.raw(`
    CREATE FUNCTION acctl_ensure_month_partitions(p_parent text, p_month timestamptz, p_ahead integer)
    RETURNS SETOF text
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ${searchPath} AS $$
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
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_ensure_month_partitions(text, timestamptz, integer)');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_ensure_month_partition(text, timestamptz)');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_month_partitions(text)');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_month_partition_name(text, timestamptz)');
}

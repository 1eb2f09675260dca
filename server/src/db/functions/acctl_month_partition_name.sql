-- The name of a month's partition of a table partitioned by UTC month (decisions and
-- audit_events_decision): `<parent>_YYYY_MM`, next to `<parent>_default`. The one place of the
-- naming rule, used by the migrations that partition those tables and by the hourly maintenance
-- (db/month-partitions.ts). SQL, not PL/pgSQL: checked when created, it reads no table.
CREATE OR REPLACE FUNCTION acctl_month_partition_name(p_parent text, p_month timestamptz)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT p_parent || '_' || to_char(p_month AT TIME ZONE 'UTC', 'YYYY_MM')
$$;

-- Every monthly partition of a table but the DEFAULT, oldest first, with its bounds read from the
-- catalog (not parsed from names). SQL, not PL/pgSQL: checked when created, it reads the catalog only.
CREATE OR REPLACE FUNCTION acctl_month_partitions(p_parent text)
RETURNS TABLE (partition_name text, month_start timestamptz, month_end timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT c.relname::text, b[1]::timestamptz, b[2]::timestamptz
  FROM pg_inherits i
  JOIN pg_class c ON c.oid = i.inhrelid
  CROSS JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \(''([^'']+)''\) TO \(''([^'']+)''\)') b
  WHERE i.inhparent = p_parent::regclass AND b IS NOT NULL
  ORDER BY 2
$$;

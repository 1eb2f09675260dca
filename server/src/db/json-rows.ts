/**
 * Many rows in one statement with one parameter: the rows as a JSON array, spread into columns by
 * jsonb_populate_recordset with the table's own column types. Against a multi-row VALUES list this
 * spares building and binding (rows x columns) parameters, which on the decision hot path cost more
 * than the insert itself. Columns are listed, so the table's other columns keep their defaults;
 * bytea values go in as '\x...' hex strings, jsonb values as nested JSON.
 *
 * `placeholder` is the parameter as the driver spells it: `?` through Knex, `$1` through pg.
 */
export function insertJsonRowsSql(table: string, columns: readonly string[], placeholder: '?' | `$${number}`): string {
  const list = columns.join(', ');
  return `INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, ${placeholder}::jsonb)`;
}

/** A bytea value as jsonb_populate_recordset reads it from a JSON string (PostgreSQL's hex format). */
export function byteaJson(hex: string): string {
  return `\\x${hex}`;
}

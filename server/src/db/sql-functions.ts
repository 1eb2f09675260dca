import { readFile } from 'node:fs/promises';
import type { Knex } from 'knex';

/**
 * The SQL functions (acctl_*), one file each: db/functions/<name>.sql holds the function's current
 * CREATE OR REPLACE FUNCTION under a comment saying why, so its body is found by its name, not in
 * the history of migrations. The migration that first needs a function runs its file; the triggers
 * that call it stay in migrations. Read beside this module, in server/src and in dist/ alike (the
 * build copies the files: tsc copies no .sql).
 */
export const sqlFunctionsFolder = new URL('./functions/', import.meta.url);

/**
 * Creates (or replaces) the function of db/functions/<name>.sql. `@extschema@` in it, the
 * placeholder of PostgreSQL's extension scripts (CREATE EXTENSION's docs), becomes the schema
 * being migrated, quoted: the SECURITY DEFINER functions fix their search_path to it.
 */
export async function createSqlFunction(knex: Knex, name: string): Promise<void> {
  let statement = await readFile(new URL(`${name}.sql`, sqlFunctionsFolder), 'utf8');
  // knex turns every `?` of a raw statement into a binding ($1), even without bindings.
  if (statement.includes('?')) throw new Error(`db/functions/${name}.sql: a ? would be read by knex as a binding`);
  if (statement.includes('@extschema@')) {
    const { rows } = (await knex.raw('SELECT current_schema() AS name')) as { rows: Array<{ name: string }> };
    statement = statement.replaceAll('@extschema@', `"${rows[0]!.name.replace(/"/g, '""')}"`);
  }
  await knex.raw(statement);
}

import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createKnex } from '../../server/src/db/knex.js';
import { createSqlFunction, sqlFunctionsFolder } from '../../server/src/db/sql-functions.js';
import { freshDatabase } from '../helpers/database.js';

/**
 * Issue #20: each SQL function is defined once, in server/src/db/functions/<name>.sql, and that
 * file is its current definition, so a reader finds the body by the function's name.
 */
describe('SQL functions', () => {
  let db: Knex;
  const files = readdirSync(sqlFunctionsFolder)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.slice(0, -'.sql'.length))
    .sort();

  before(async () => {
    db = createKnex(await freshDatabase(), 1);
  });
  after(() => db.destroy());

  async function definitions(connection: Knex): Promise<Map<string, string>> {
    const { rows } = (await connection.raw(
      "SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition FROM pg_proc p WHERE p.proname LIKE 'acctl\\_%' ORDER BY 1",
    )) as { rows: Array<{ name: string; definition: string }> };
    return new Map(rows.map((row) => [row.name, row.definition]));
  }

  it('has a file for every acctl_ function of a migrated database, and no file for any other', async () => {
    expect([...(await definitions(db)).keys()]).to.deep.equal(files);
  });

  it('defines in each file one function, the one the file is named after', () => {
    for (const name of files) {
      const statement = readFileSync(new URL(`${name}.sql`, sqlFunctionsFolder), 'utf8');
      const created = [...statement.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\(/g)].map((match) => match[1]);
      expect(created, `${name}.sql`).to.deep.equal([name]);
    }
  });

  it('holds in each file the definition a migrated database has: running the files again changes nothing', async () => {
    const migrated = await definitions(db);
    const trx = await db.transaction();
    try {
      for (const name of files) await createSqlFunction(trx, name);
      expect(await definitions(trx)).to.deep.equal(migrated);
    } finally {
      await trx.rollback();
    }
  });
});

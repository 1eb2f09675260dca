import type { Knex } from 'knex';

/**
 * Two spellings of one name are one name (issue #34, core/src/names.ts): a policy's name is unique
 * among those not deleted by its NFC form. The API refuses names not in NFC from now on; rows
 * stored before may hold one, and this index keeps a new name from matching such a row. Policies
 * that already collide stop the migration, naming them, before anything changes: rename or delete
 * one, then migrate again. The index on the name itself stays for lookups by exact name.
 */
export async function up(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: Array<{ ids: string[] }> }>(
    `SELECT array_agg(id ORDER BY id) AS ids FROM policies WHERE status <> 'deleted'
      GROUP BY normalize(name, NFC) HAVING count(*) > 1`,
  );
  if (rows.length > 0)
    throw new Error(
      `Policies whose names differ only in Unicode spelling: ${rows.map((row) => row.ids.join(' and ')).join('; ')}. Rename or delete one of each (PUT or DELETE /v1/policies/{id}), then migrate again.`,
    );
  await knex.raw("CREATE UNIQUE INDEX policies_name_nfc_live ON policies (normalize(name, NFC)) WHERE status <> 'deleted'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX policies_name_nfc_live');
}

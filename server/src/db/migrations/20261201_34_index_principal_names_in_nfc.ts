import type { Knex } from 'knex';

/**
 * Two spellings of one name are one name (issue #34, core/src/names.ts): a live principal's name is
 * unique per kind by its NFC form, case aside, as RFC 8265's UsernameCasePreserved profile compares
 * them. The API refuses names not in NFC from now on; rows stored before may hold one, and this
 * index keeps a new name from matching such a row. Live rows that already collide stop the
 * migration, naming them, before anything changes: rename or delete one, then migrate again. The
 * index on lower(name) stays for the sign-in lookup (principals/users.ts findUserByName).
 */
export async function up(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: Array<{ kind: string; ids: string[] }> }>(
    `SELECT kind, array_agg(id ORDER BY id) AS ids FROM principals WHERE deleted_at IS NULL
      GROUP BY kind, lower(normalize(name, NFC)) HAVING count(*) > 1`,
  );
  if (rows.length > 0)
    throw new Error(
      `Live principals whose names differ only in Unicode spelling or case: ${rows.map((row) => `${row.kind} ${row.ids.join(' and ')}`).join('; ')}. Rename or delete one of each (PATCH or DELETE /v1/principals/{id}), then migrate again.`,
    );
  await knex.raw('CREATE UNIQUE INDEX principals_kind_name_nfc_live ON principals (kind, lower(normalize(name, NFC))) WHERE deleted_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX principals_kind_name_nfc_live');
}

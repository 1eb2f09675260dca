import type { Knex } from 'knex';

// GET /policies?managed_by=: `acctl policy plan` lists a repository's policies by their ownership label.
export async function up(knex: Knex): Promise<void> {
  await knex.raw("CREATE INDEX policies_managed_by_live ON policies ((metadata->>'managed_by')) WHERE status <> 'deleted'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX policies_managed_by_live');
}

import type { Knex } from 'knex';

/** AuthZEN subject search: the active principals of a kind in byte order of id, one page after another (principals/service.ts activePrincipalIdsAfter). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX principals_active_kind_id ON principals (kind, (id COLLATE "C")) WHERE status = 'active'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX principals_active_kind_id');
}

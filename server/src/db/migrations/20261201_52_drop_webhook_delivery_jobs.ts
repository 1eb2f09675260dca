import type { Knex } from 'knex';

/**
 * The pg-boss jobs of the former `webhook-delivery` queue: the deliveries table alone now says
 * what is due (20261201_51), so no worker fetches them. Their deliveries stay pending and are
 * sent. Not reversible: the rows' state is the truth either way.
 */
export async function up(knex: Knex): Promise<void> {
  const { rows } = (await knex.raw("SELECT to_regclass('pgboss.job') IS NOT NULL AS present")) as { rows: Array<{ present: boolean }> };
  if (rows[0]?.present) await knex.raw("DELETE FROM pgboss.job WHERE name = 'webhook-delivery'");
}

export async function down(): Promise<void> {}

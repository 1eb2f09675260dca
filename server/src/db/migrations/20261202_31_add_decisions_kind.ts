import type { Knex } from 'knex';

/**
 * Issue #35: a query plan (POST /decisions/plan) is recorded in decisions beside the decisions,
 * kept and dropped with them by retention. `kind` tells the two apart; the rows already stored are
 * decisions. A column added to a partitioned table reaches every partition.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE decisions ADD COLUMN kind text NOT NULL DEFAULT 'decision' CONSTRAINT decisions_kind_known CHECK (kind IN ('decision', 'plan'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE decisions DROP COLUMN kind');
}

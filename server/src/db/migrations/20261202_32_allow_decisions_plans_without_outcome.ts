import type { Knex } from 'knex';

/**
 * A plan has no resource identifier and no allow or deny: its outcome (always_allowed,
 * always_denied, conditional) and condition are its `result` (decision-plan.json). So `decision`
 * and `resource_identifier` are empty for a plan, and only for a plan.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE decisions ALTER COLUMN decision DROP NOT NULL, ALTER COLUMN resource_identifier DROP NOT NULL');
  await knex.raw(
    `ALTER TABLE decisions ADD CONSTRAINT decisions_outcome_of_kind
       CHECK ((kind = 'decision') = (decision IS NOT NULL AND resource_identifier IS NOT NULL))`,
  );
}

/** Irreversible while plans are stored: down deletes them first. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE decisions DROP CONSTRAINT decisions_outcome_of_kind');
  await knex.raw(`DELETE FROM decisions WHERE kind = 'plan'`);
  await knex.raw('ALTER TABLE decisions ALTER COLUMN decision SET NOT NULL, ALTER COLUMN resource_identifier SET NOT NULL');
}

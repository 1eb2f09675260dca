import type { Knex } from 'knex';

/**
 * GET /decisions pages newest first by the keyset (created_at, id): an index on both columns serves
 * it, and every query the created_at index served, so it replaces that one (one index on the
 * decision hot path's INSERT, as before).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX decisions_created_at_id ON decisions (created_at DESC, id DESC)');
  await knex.raw('DROP INDEX decisions_created_at');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX decisions_created_at ON decisions (created_at DESC)');
  await knex.raw('DROP INDEX decisions_created_at_id');
}

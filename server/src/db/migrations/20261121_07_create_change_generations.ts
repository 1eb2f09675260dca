import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/**
 * A counter per kind of cached data, bumped by a statement trigger in the same transaction as the
 * change, plus a NOTIFY on commit. Replicas LISTEN to refresh early, and compare counters before
 * trusting their caches, so a missed notification cannot leave a stale cache.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('change_generations', (t) => {
    t.text('name').primary();
    t.bigInteger('generation').notNullable().defaultTo(0);
  });
  await knex('change_generations').insert([{ name: 'policies' }, { name: 'principals' }, { name: 'credentials' }]);
  await createSqlFunction(knex, 'acctl_bump_generation');
  for (const [table, generation] of [
    ['policies', 'policies'],
    ['principals', 'principals'],
    ['api_tokens', 'credentials'],
    ['revoked_access_tokens', 'credentials'],
  ] as const) {
    await knex.raw(
      `CREATE TRIGGER ${table}_bump_generation AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION acctl_bump_generation('${generation}')`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['policies', 'principals', 'api_tokens', 'revoked_access_tokens'])
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_bump_generation ON ${table}`);
  await knex.raw('DROP FUNCTION IF EXISTS acctl_bump_generation()');
  await knex.schema.dropTable('change_generations');
}

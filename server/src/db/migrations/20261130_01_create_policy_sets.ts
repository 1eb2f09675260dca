import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/**
 * Change sets (POST /policy-sets, issue #23): one row per set applied, with who sent it, the
 * provenance it was sent with, its counts and each change's outcome (action, id, name, version,
 * status), so GET /policy-sets/{id} answers what the set did. Each version a set writes names it
 * in metadata.provenance.policy_set.
 *
 * And the change counters move at most once per transaction (db/functions/acctl_bump_generation.sql):
 * a set writes policies in a few statements, and replicas must see it as one change.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('policy_sets', (t) => {
    t.uuid('id').primary();
    t.timestamp('applied_at', { useTz: true }).notNullable();
    t.text('applied_by').notNullable();
    t.text('client_id');
    t.jsonb('provenance').notNullable().defaultTo('{}');
    t.jsonb('counts').notNullable();
    t.jsonb('changes').notNullable();
  });
  await createSqlFunction(knex, 'acctl_bump_generation');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('policy_sets');
  // The function's earlier body (one bump per statement) lives in git history only; the
  // once-per-transaction body is as correct for the earlier schema, so it stays.
}

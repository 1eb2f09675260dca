import type { Knex } from 'knex';

// Spec, "Policy" and "Versioning": the live row, and every version kept in policy_versions.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('policies', (t) => {
    t.text('id').primary();
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('status').notNullable().checkIn(['draft', 'active', 'archived', 'deleted']);
    t.integer('version').notNullable();
    t.jsonb('rules').notNullable();
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.text('created_by').notNullable();
    t.text('updated_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('deleted_at', { useTz: true });
    t.text('deleted_by');
    // The status to return to when a deleted policy is restored.
    t.text('status_before_delete');
  });
  // Names are unique among policies that are not deleted.
  await knex.raw("CREATE UNIQUE INDEX policies_name_live ON policies (name) WHERE status <> 'deleted'");
  await knex.raw('CREATE INDEX policies_status_created ON policies (status, created_at DESC, id DESC)');
  await knex.schema.createTable('policy_versions', (t) => {
    t.text('policy_id').notNullable().references('id').inTable('policies').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.text('name').notNullable();
    t.text('description').notNullable();
    t.text('status').notNullable();
    t.jsonb('rules').notNullable();
    t.jsonb('metadata').notNullable();
    t.text('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['policy_id', 'version']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('policy_versions');
  await knex.schema.dropTable('policies');
}

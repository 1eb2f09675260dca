import type { Knex } from 'knex';

// Principals of kind user, service or agent. Human users may have a scrypt password hash for sign-in.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('principals', (t) => {
    t.text('id').primary();
    t.text('kind').notNullable().checkIn(['user', 'service', 'agent']);
    t.text('name').notNullable();
    t.text('display_name');
    t.jsonb('attributes').notNullable().defaultTo('{}');
    t.text('status').notNullable().defaultTo('active');
    t.text('password_hash');
    t.text('created_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('deleted_at', { useTz: true });
  });
  // A name identifies one live principal of a kind (users sign in with it).
  await knex.raw('CREATE UNIQUE INDEX principals_kind_name_live ON principals (kind, lower(name)) WHERE deleted_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('principals');
}

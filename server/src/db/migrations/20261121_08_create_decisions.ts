import type { Knex } from 'knex';

// Every decision answered by /decisions/evaluate and /decisions/batch, recorded before the answer.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('decisions', (t) => {
    t.uuid('id').primary();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.text('decision').notNullable().checkIn(['allow', 'deny']);
    t.text('principal_id');
    t.text('principal_type').notNullable();
    t.text('resource_type').notNullable();
    t.text('resource_identifier').notNullable();
    t.text('action').notNullable();
    t.text('caller_subject').notNullable();
    t.text('client_id');
    t.text('request_id');
    t.double('evaluation_time_ms').notNullable();
    t.jsonb('request').notNullable();
    t.jsonb('result').notNullable();
  });
  await knex.raw('CREATE INDEX decisions_created_at ON decisions (created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('decisions');
}

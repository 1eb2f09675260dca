import type { Knex } from 'knex';

/**
 * Audit reports (domains/audit/reports): one row per report, with the state that lets any
 * replica resume it: the events it covers are those with seq <= through_seq (fixed when it was
 * requested), and cursor_seq is the last one already counted (advanced in the transaction that
 * stores that chunk's rows).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_reports', (t) => {
    t.uuid('id').primary();
    t.text('kind').notNullable().checkIn(['access_summary', 'policy_change_history', 'compliance']);
    t.text('status').notNullable().checkIn(['pending', 'running', 'completed', 'failed']);
    t.timestamp('since', { useTz: true });
    t.timestamp('until', { useTz: true }).notNullable();
    t.specificType('tags', 'text[]');
    t.bigInteger('through_seq').notNullable();
    t.bigInteger('cursor_seq').notNullable().defaultTo(0);
    t.bigInteger('events_processed').notNullable().defaultTo(0);
    t.jsonb('totals').notNullable().defaultTo('{}');
    t.jsonb('requested_by').notNullable();
    t.text('request_id');
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_reports');
}

import type { Knex } from 'knex';

/**
 * The rows of audit reports, written in batches as a report runs so that no report has to fit
 * in memory, and read back in pages (JSON or CSV) by `position`, which finalisation assigns.
 * Aggregate rows (`key` = the group) add to counter_1 and counter_2 chunk after chunk; what the
 * counters mean is the report kind's (reports/kinds.ts). sort_text and sort_number order a section.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_report_rows', (t) => {
    t.uuid('report_id').notNullable().references('id').inTable('audit_reports').onDelete('CASCADE');
    t.text('section').notNullable();
    t.text('key').notNullable();
    t.text('sort_text').notNullable().defaultTo('');
    t.bigInteger('sort_number').notNullable().defaultTo(0);
    t.bigInteger('counter_1').notNullable().defaultTo(0);
    t.bigInteger('counter_2').notNullable().defaultTo(0);
    t.bigInteger('position').notNullable().defaultTo(0);
    t.jsonb('fields').notNullable();
    t.primary(['report_id', 'section', 'key']);
    t.index(['report_id', 'section', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_report_rows');
}

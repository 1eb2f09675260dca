import type { Knex } from 'knex';
import type { EventActor } from '../../../events/types.js';
import type { AuditReport, AuditReportList, AuditReportListQuery } from '../../../../../core/src/index.js';
import { newestFirstPage } from '../../../http/listing.js';
import { actorNames } from '../actor-names.js';
import type { ReportParameters, ReportRowInput, ReportSection, Totals } from './kind.js';

/** A row of audit_reports (migration 20261124_05). */
export interface AuditReportRow {
  id: string;
  kind: AuditReport['kind'];
  status: AuditReport['status'];
  since: Date | null;
  until: Date;
  tags: string[] | null;
  through_seq: number;
  cursor_seq: number;
  events_processed: number;
  totals: Totals;
  requested_by: EventActor;
  request_id: string | null;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  updated_at: Date;
}

export function parametersOf(report: AuditReportRow): ReportParameters {
  return { since: report.since, until: report.until, tags: report.tags };
}

/** The report's status as GET /audit/reports/{id} shows it, without its result. */
export function toAuditReport(report: AuditReportRow): AuditReport {
  return {
    id: report.id,
    kind: report.kind,
    status: report.status,
    parameters: { since: report.since?.toISOString() ?? null, until: report.until.toISOString(), ...(report.tags ? { tags: report.tags } : {}) },
    requested_by: report.requested_by,
    created_at: report.created_at.toISOString(),
    started_at: report.started_at?.toISOString() ?? null,
    completed_at: report.completed_at?.toISOString() ?? null,
    progress: { events_processed: Number(report.events_processed) },
    ...(report.status === 'failed' ? { error: report.error ?? 'unknown error' } : {}),
  };
}

export async function findReport(db: Knex, id: string): Promise<AuditReportRow | undefined> {
  return db<AuditReportRow>('audit_reports').where({ id }).first();
}

/** Adds a chunk's rows: aggregate rows with the same key add up their counters. */
export async function upsertReportRows(trx: Knex.Transaction, reportId: string, rows: readonly ReportRowInput[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows.slice(start, start + 1000).map((row) => ({
      report_id: reportId,
      section: row.section,
      key: row.key,
      sort_text: row.sortText ?? '',
      sort_number: row.sortNumber ?? 0,
      counter_1: row.counter1 ?? 0,
      counter_2: row.counter2 ?? 0,
      fields: JSON.stringify(row.fields),
    }));
    await trx('audit_report_rows')
      .insert(batch)
      .onConflict(['report_id', 'section', 'key'])
      .merge({
        counter_1: trx.raw('audit_report_rows.counter_1 + excluded.counter_1'),
        counter_2: trx.raw('audit_report_rows.counter_2 + excluded.counter_2'),
      });
  }
}

/** Numbers each section's rows in its output order, so they are read back by a keyset on position. */
export async function rankSections(trx: Knex.Transaction, reportId: string, sections: readonly ReportSection[]): Promise<void> {
  for (const section of sections) {
    await trx.raw(
      `UPDATE audit_report_rows r SET position = o.n
       FROM (SELECT key, row_number() OVER (ORDER BY ${section.order}) AS n FROM audit_report_rows WHERE report_id = ? AND section = ?) o
       WHERE r.report_id = ? AND r.section = ? AND r.key = o.key`,
      [reportId, section.name, reportId, section.name],
    );
  }
}

/** A section's rows in order, a page at a time, as output objects (counters under their names). */
export async function* sectionRows(db: Knex, reportId: string, section: ReportSection, pageSize = 1000): AsyncGenerator<Record<string, unknown>[]> {
  let after = 0;
  for (;;) {
    const rows: Array<{ position: number; counter_1: number; counter_2: number; fields: Record<string, unknown> }> = await db('audit_report_rows')
      .select('position', 'counter_1', 'counter_2', 'fields')
      .where({ report_id: reportId, section: section.name })
      .andWhere('position', '>', after)
      .modify((q) => {
        if (section.limit !== undefined) q.andWhere('position', '<=', section.limit);
      })
      .orderBy('position')
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map((row) => {
      const counters = section.counters ?? {};
      const out: Record<string, unknown> = { ...row.fields };
      if (counters.counter_1) out[counters.counter_1] = Number(row.counter_1);
      if (counters.counter_2) out[counters.counter_2] = Number(row.counter_2);
      if (counters.total) out[counters.total] = Number(row.counter_1) + Number(row.counter_2);
      return out;
    });
    if (rows.length < pageSize) return;
    after = Number(rows[rows.length - 1]!.position);
  }
}

/** An audit_reports row with its creation time also as exact text (microseconds), which the cursor carries. */
type ReportListRow = AuditReportRow & { cursor_time: string };

/**
 * GET /audit/reports: newest first, without results. Pagination is a keyset on (created_at, id),
 * as GET /decisions has it (decision-query.ts): a report requested after a page was read is newer
 * than the cursor, so later pages neither repeat nor skip one. Reports are few (each is a person's
 * request, rate-limited as a bulk operation): the table has no index for this order.
 */
export async function listReports(db: Knex, query: AuditReportListQuery): Promise<AuditReportList> {
  const { rows, next_cursor } = await newestFirstPage<ReportListRow>(
    db('audit_reports')
      .select('*')
      .modify((q) => {
        if (query.kind) q.where('kind', query.kind);
        if (query.status) q.where('status', query.status);
      }),
    { limit: query.limit ?? 50, cursor: query.cursor },
  );
  const data = rows.map(toAuditReport);
  return {
    data,
    next_cursor,
    names: await actorNames(
      db,
      data.map((report) => report.requested_by.subject),
    ),
  };
}

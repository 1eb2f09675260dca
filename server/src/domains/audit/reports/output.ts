import type { Knex } from 'knex';
import { reportKinds } from './kinds/index.js';
import { csvRecord } from './csv.js';
import { sectionRows, toAuditReport, type AuditReportRow } from './store.js';

/**
 * A completed report as JSON (schemas/audit-report.json with `result`), produced page by page
 * from audit_report_rows: a report of any size streams out in bounded memory.
 */
export async function* reportJson(db: Knex, report: AuditReportRow): AsyncGenerator<string> {
  const kind = reportKinds[report.kind];
  const status = JSON.stringify(toAuditReport(report));
  yield `${status.slice(0, -1)},"result":{"totals":${JSON.stringify({ ...kind.emptyTotals, ...report.totals })}`;
  for (const section of kind.sections) {
    yield `,${JSON.stringify(section.name)}:[`;
    let first = true;
    for await (const page of sectionRows(db, report.id, section)) {
      yield `${first ? '' : ','}${page.map((row) => JSON.stringify(row)).join(',')}`;
      first = false;
    }
    yield ']';
  }
  yield '}}';
}

/**
 * The same rows as one CSV table: a `section` column names the list each row belongs to, then
 * the union of the kind's columns (a row leaves the others empty).
 */
export async function* reportCsv(db: Knex, report: AuditReportRow): AsyncGenerator<string> {
  const kind = reportKinds[report.kind];
  const columns = kind.csvColumns;
  yield csvRecord(['section', ...columns]);
  if (kind.csvTotalsRow) {
    const totals = kind.csvTotalsRow({ ...kind.emptyTotals, ...report.totals });
    yield csvRecord(['totals', ...columns.map((column) => totals[column])]);
  }
  for (const section of kind.sections) {
    for await (const page of sectionRows(db, report.id, section)) {
      yield page.map((row) => csvRecord([section.name, ...columns.map((column) => row[column])])).join('');
    }
  }
}

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AuditReport, AuditReportKind } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { CommandError, keyValueLines, style } from '../../../kit/src/index.js';
import { formatAssignments, shortTime } from '../ux/resource-display.js';

/** schemas/audit-report-kind.json's values; the type check below fails when the schema gains one. */
export const reportKinds = ['access_summary', 'policy_change_history', 'compliance'] as const satisfies readonly AuditReportKind[];
type MissingKind = Exclude<AuditReportKind, (typeof reportKinds)[number]>;
const everyKindListed: MissingKind extends never ? true : never = true;
void everyKindListed;

/** The formats of a saved report's file (--format of audit report create and get). */
export const auditReportFileFormats = ['json', 'csv'] as const;
export type AuditReportFileFormat = (typeof auditReportFileFormats)[number];

/**
 * Polls a report until it is completed (and returns it) or failed (a CommandError with its reason).
 * Polls quickly at first and then every `maxIntervalMs`, as a report of a small log takes well
 * under a second and a large one minutes.
 */
export async function waitForReport(api: ApiClient, id: string, onProgress: (report: AuditReport) => void, maxIntervalMs = 1000): Promise<AuditReport> {
  for (let attempt = 0; ; attempt++) {
    const report = await api.call('get', '/audit/reports/{id}', { path: { id } });
    onProgress(report);
    if (report.status === 'completed') return report;
    if (report.status === 'failed') throw new CommandError('internal_error', `Report ${id} failed: ${report.error ?? 'no reason given'}`);
    await sleep(Math.min(100 * 2 ** attempt, maxIntervalMs));
  }
}

/** `audit-report-access_summary-2026-11-22-0b6f3c1e.json`: the kind, the day and the id's start, so reports do not overwrite each other. */
export function defaultReportFile(report: AuditReport, format: AuditReportFileFormat): string {
  return `audit-report-${report.kind}-${report.created_at.slice(0, 10)}-${report.id.slice(0, 8)}.${format}`;
}

/** Writes a completed report (JSON: the report with its result; CSV: the server's rows) and answers the absolute path. */
export async function saveReport(api: ApiClient, report: AuditReport, format: AuditReportFileFormat, file: string | undefined): Promise<string> {
  if (report.status !== 'completed') {
    throw new CommandError('conflict', `Report ${report.id} is ${report.status}: its result exists once it is completed`, {
      suggestions: [`acctl audit report get ${report.id} --wait`],
    });
  }
  const target = path.resolve(file ?? defaultReportFile(report, format));
  const content =
    format === 'csv'
      ? await api.call('get', '/audit/reports/{id}', { path: { id: report.id }, query: { format: 'csv' }, accept: 'text/csv' })
      : `${JSON.stringify(report, null, 2)}\n`;
  try {
    await writeFile(target, content);
  } catch (error) {
    throw new CommandError('usage_error', `Cannot write ${target}: ${(error as Error).message}`, { cause: error });
  }
  return target;
}

/** `running, 1200 events processed` for a progress line. */
export function reportProgressText(report: AuditReport): string {
  return `${report.status}, ${report.progress.events_processed} events processed`;
}

export function reportLines(report: AuditReport): string[] {
  const status = report.status === 'completed' ? style.green(report.status) : report.status === 'failed' ? style.red(report.status) : report.status;
  const lines = keyValueLines([
    ['id', report.id],
    ['kind', report.kind],
    ['status', status],
    ['period', `${report.parameters.since ? shortTime(report.parameters.since) : 'the first event'} to ${shortTime(report.parameters.until)}`],
    ...(report.parameters.tags ? [['tags', report.parameters.tags.join(', ')] as const] : []),
    ['requested', `${shortTime(report.created_at)} by ${report.requested_by.subject}`],
    ['progress', `${report.progress.events_processed} events processed`],
    ...(report.completed_at ? [['completed', shortTime(report.completed_at)] as const] : []),
    ...(report.error ? [['error', style.red(report.error)] as const] : []),
    ...(report.result ? [['totals', formatAssignments(report.result.totals as Record<string, unknown>)] as const] : []),
  ]);
  return lines;
}

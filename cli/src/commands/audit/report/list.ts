import { Flags } from '@oclif/core';
import type { AuditActorNames, AuditReport, AuditReportList } from '../../../../../core/src/index.js';
import { actorText } from '../../../audit/actor-text.js';
import { reportKinds } from '../../../audit/reports.js';
import { ApiCommand } from '../../../base/api-command.js';
import { shortTime } from '../../../ux/resource-display.js';
import { style, renderTable } from '../../../../../kit/src/index.js';

/** GET /audit/reports' largest page (schemas/audit-report-list-query.json). */
const largestPage = 100;

/**
 * `acctl audit report list`: GET /v1/audit/reports, newest first, pages followed until --limit as
 * `acctl audit events` and `acctl decision list` do (after `gh run list --limit`).
 */
export default class AuditReportListCommand extends ApiCommand {
  static override summary = 'List audit reports, newest first';
  static override description =
    'Their kind, status, period and who asked (by name, the id beside it); acctl audit report get ID shows one with its result. Pages of the API are followed until --limit reports are shown; the status line (stderr) gives the cursor to continue from. --json prints { data, next_cursor, names }, as the API does. Needs read:audit.';
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --kind compliance --status completed',
    '<%= config.bin %> <%= command.id %> --status failed --json | jq -r ".data[] | [.id, .error] | @tsv"',
  ];
  static override flags = {
    kind: Flags.option({ summary: 'Only reports of this kind.', options: reportKinds })(),
    status: Flags.option({ summary: 'Only reports in this status.', options: ['pending', 'running', 'completed', 'failed'] as const })(),
    limit: Flags.integer({ summary: 'Show at most this many reports (pages are followed to reach it).', default: 50, min: 1, max: 10_000 }),
    cursor: Flags.string({ summary: 'Continue from the next_cursor of an earlier run.', helpValue: 'CURSOR' }),
  };

  public async run(): Promise<AuditReportList> {
    const { flags } = await this.parse(AuditReportListCommand);
    const api = await this.api(flags.server);
    const data: AuditReport[] = [];
    const names: AuditActorNames = {};
    let cursor: string | null | undefined = flags.cursor;
    do {
      const page: AuditReportList = await api.call('get', '/audit/reports', {
        query: { kind: flags.kind, status: flags.status, cursor: cursor ?? undefined, limit: Math.min(largestPage, flags.limit - data.length) },
      });
      data.push(...page.data);
      Object.assign(names, page.names);
      cursor = page.next_cursor;
    } while (cursor && data.length < flags.limit);
    const list: AuditReportList = { data, next_cursor: cursor ?? null, names };
    if (data.length === 0) {
      this.log(style.dim('No reports match. Start one with: acctl audit report create --kind access_summary --since 7d'));
    } else {
      this.log(
        renderTable(
          [
            { header: 'CREATED', value: (report: AuditReport) => shortTime(report.created_at) },
            { header: 'ID', value: (report) => report.id },
            { header: 'KIND', value: (report) => report.kind },
            { header: 'STATUS', value: (report) => (report.status === 'failed' ? style.red(report.status) : report.status) },
            {
              header: 'PERIOD',
              value: (report) => `${report.parameters.since ? shortTime(report.parameters.since) : 'start'} → ${shortTime(report.parameters.until)}`,
            },
            { header: 'BY', value: (report) => actorText(report.requested_by.subject, names) },
          ],
          data,
        ),
      );
    }
    this.say(list.next_cursor ? `${data.length} reports shown; more with --cursor ${list.next_cursor}` : `${data.length} reports (no more)`);
    return list;
  }
}

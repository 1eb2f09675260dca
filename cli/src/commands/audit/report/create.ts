import { Flags } from '@oclif/core';
import type { AuditReport, AuditReportCreateRequest } from '../../../../../core/src/index.js';
import { timeBoundHelp } from '../../../audit/event-filters.js';
import { reportKinds } from '../../../audit/reports.js';
import { parseTimeBound } from '../../../audit/time-bound.js';
import { AuditReportCommand } from '../../../base/audit-report-command.js';
import { auditReportOutputFlags } from '../../../flags/audit-report.js';

export default class AuditReportCreateCommand extends AuditReportCommand {
  static override summary = 'Start an audit report, and with --wait save its result';
  static override description = `Kinds: access_summary (decisions counted by decision, resource type, action and principal, and the most denied requests), policy_change_history (every policy change: who, when, which fields), compliance (policies by their metadata.compliance tags, with their changes; --tag narrows it). The period is [--since, --until): without --since from the first event, without --until up to now.

The server runs the report in the background. Without --wait this prints its id at once. With --wait it polls until the report is completed, showing a spinner and the elapsed time on stderr when that is a terminal, then saves the result to --out (default: a file named after the kind, date and id in the current folder) and prints where. With --json it prints the completed report, result included (and saves it only to an --out given). A failed report exits 1 with its reason. Needs read:audit.`;
  static override examples = [
    '<%= config.bin %> <%= command.id %> --kind access_summary --since 7d --wait',
    '<%= config.bin %> <%= command.id %> --kind policy_change_history --since 2026-11-01T00:00:00Z --wait --format csv --out changes.csv',
    '<%= config.bin %> <%= command.id %> --kind compliance --tag sox --wait --json | jq .result.totals',
  ];
  static override flags = {
    kind: Flags.string({ summary: 'What the report counts.', options: [...reportKinds], required: true }),
    since: Flags.string({ summary: 'Start of the period (default: the first event).', description: timeBoundHelp, helpValue: 'DURATION|TIME' }),
    until: Flags.string({ summary: 'End of the period, excluded (default: now).', description: timeBoundHelp, helpValue: 'DURATION|TIME' }),
    tag: Flags.string({ summary: 'compliance only: report on this tag (repeatable).', multiple: true, helpValue: 'TAG' }),
    ...auditReportOutputFlags,
  };

  public async run(): Promise<AuditReport> {
    const { flags } = await this.parse(AuditReportCreateCommand);
    const now = new Date();
    const body: AuditReportCreateRequest = {
      kind: flags.kind as AuditReportCreateRequest['kind'],
      ...(flags.since ? { since: parseTimeBound('since', flags.since, now) } : {}),
      ...(flags.until ? { until: parseTimeBound('until', flags.until, now) } : {}),
      ...(flags.tag ? { tags: flags.tag } : {}),
    };
    const api = await this.api(flags.server);
    const report = await api.call('post', '/audit/reports', { body });
    return this.deliverReport(api, report, flags);
  }
}

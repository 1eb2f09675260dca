import { Flags } from '@oclif/core';
import type { AuditReport } from '../../../core/src/index.js';
import { ApiCommand } from '../api/api-command.js';
import type { ApiClient } from '../api/client.js';
import { startProgress } from '../ux/progress.js';
import { reportLines, reportProgressText, saveReport, waitForReport, type ReportFormat } from './reports.js';

export const reportOutputFlags = {
  wait: Flags.boolean({ summary: 'Wait until the report is completed, then save its result (a spinner shows progress on a terminal).' }),
  out: Flags.string({ summary: 'Save the result to this file (default with --wait: audit-report-<kind>-<date>-<id>.<format> in the current folder).', helpValue: 'FILE' }),
  format: Flags.string({ summary: 'Format of the saved file: the report as JSON, or its rows as CSV.', options: ['json', 'csv'], default: 'json' }),
};

interface ReportOutputFlags {
  wait: boolean;
  out?: string;
  format: string;
}

/** What `audit report create` and `audit report get` share: waiting with progress, saving, showing. */
export abstract class ReportCommand extends ApiCommand {
  protected async deliverReport(api: ApiClient, started: AuditReport, flags: ReportOutputFlags): Promise<AuditReport> {
    let report = started;
    if (flags.wait && report.status !== 'completed' && report.status !== 'failed') {
      const progress = startProgress(`Report ${report.kind}`, { enabled: !this.jsonEnabled() });
      try {
        report = await waitForReport(api, report.id, (current) => progress.update(reportProgressText(current)));
      } finally {
        progress.stop();
      }
    }
    this.log(reportLines(report).join('\n'));
    if (report.status === 'completed' && (flags.out !== undefined || (flags.wait && !this.jsonEnabled()))) {
      const file = await saveReport(api, report, flags.format as ReportFormat, flags.out);
      // Where the file went is the result of the command: stdout, unlike status lines.
      this.log(`Saved to ${file}`);
    } else if (report.status === 'pending' || report.status === 'running') {
      this.say(`Follow it with: acctl audit report get ${report.id} --wait`);
    }
    return report;
  }
}

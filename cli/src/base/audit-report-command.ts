import type { AuditReport } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { reportLines, reportProgressText, saveReport, waitForReport, type AuditReportFileFormat } from '../audit/reports.js';
import { ApiCommand } from './api-command.js';
import { startProgress } from '../ux/progress.js';

/** The values of flags/audit-report.ts's auditReportOutputFlags. */
interface ReportOutputFlags {
  wait: boolean;
  out?: string;
  format: string;
}

/** What `audit report create` and `audit report get` share: waiting with progress, saving, showing. */
export abstract class AuditReportCommand extends ApiCommand {
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
      const file = await saveReport(api, report, flags.format as AuditReportFileFormat, flags.out);
      // Where the file went is the result of the command: stdout, unlike status lines.
      this.log(`Saved to ${file}`);
    } else if (report.status === 'pending' || report.status === 'running') {
      this.say(`Follow it with: acctl audit report get ${report.id} --wait`);
    }
    return report;
  }
}

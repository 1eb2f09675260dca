import { Args } from '@oclif/core';
import type { AuditReport } from '../../../../../core/src/index.js';
import { AuditReportCommand } from '../../../base/audit-report-command.js';
import { auditReportOutputFlags } from '../../../flags/audit-report.js';

export default class AuditReportGetCommand extends AuditReportCommand {
  static override summary = "Show a report's status, and save its result";
  static override description =
    "Shows the status (pending, running, completed, failed), progress and totals. --out saves a completed report's result (JSON, or CSV with --format csv); --wait first waits for it to complete, then saves it as `audit report create --wait` does. --json prints the report, with its result once completed. Needs read:audit.";
  static override examples = [
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5f2a-4d8e-9c7b-2a1d3e4f5a6b',
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5f2a-4d8e-9c7b-2a1d3e4f5a6b --wait --format csv --out report.csv',
  ];
  static override args = { id: Args.string({ required: true, description: 'The report id (audit report create prints it).' }) };
  static override flags = { ...auditReportOutputFlags };

  public async run(): Promise<AuditReport> {
    const { args, flags } = await this.parse(AuditReportGetCommand);
    const api = await this.api(flags.server);
    return this.deliverReport(api, await api.call('get', '/audit/reports/{id}', { path: { id: args.id } }), flags);
  }
}

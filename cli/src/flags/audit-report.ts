import { Flags } from '@oclif/core';
import { auditReportFileFormats } from '../audit/reports.js';

/** What `audit report create` and `audit report get` do with the report: wait for it, save it. */
export const auditReportOutputFlags = {
  wait: Flags.boolean({ summary: 'Wait until the report is completed, then save its result (a spinner shows progress on a terminal).' }),
  out: Flags.string({
    summary: 'Save the result to this file (default with --wait: audit-report-<kind>-<date>-<id>.<format> in the current folder).',
    helpValue: 'FILE',
  }),
  format: Flags.string({ summary: 'Format of the saved file: the report as JSON, or its rows as CSV.', options: [...auditReportFileFormats], default: 'json' }),
};

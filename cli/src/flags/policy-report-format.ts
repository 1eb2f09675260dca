import { Flags } from '@oclif/core';

/** The formats of the policy commands' reports: lint, test, impact and plan write each of them. */
export const policyReportFormats = ['human', 'json', 'github', 'junit', 'markdown'] as const;
export type PolicyReportFormat = (typeof policyReportFormats)[number];

/** --format, with the summary each command words for what its github format adds. */
export function policyReportFormatFlag(summary = 'Output: human, json, github (workflow annotations), junit (XML) or markdown (a pull-request comment).') {
  return { format: Flags.string({ options: [...policyReportFormats], default: 'human', summary }) };
}

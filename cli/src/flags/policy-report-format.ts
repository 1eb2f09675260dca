import { Flags } from '@oclif/core';

/** The formats of the policy commands' reports: lint, test, impact and plan write each of them. */
export const policyReportFormats = ['human', 'json', 'github', 'junit', 'markdown'] as const;
export type PolicyReportFormat = (typeof policyReportFormats)[number];

/** lint, test and plan add SARIF 2.1.0 (GitHub code scanning): their findings, failures and widening rules are places in files. */
export const policyCheckFormats = [...policyReportFormats, 'sarif'] as const;
export const sarifFormatSummary =
  'Output: human, json, github (workflow annotations), junit (XML), markdown (a pull-request comment) or sarif (SARIF 2.1.0, for GitHub code scanning).';

/** --format, with the summary each command words for what its github format adds. */
export function policyReportFormatFlag(
  summary = 'Output: human, json, github (workflow annotations), junit (XML) or markdown (a pull-request comment).',
  formats: readonly string[] = policyReportFormats,
) {
  return { format: Flags.string({ options: [...formats], default: 'human', summary }) };
}

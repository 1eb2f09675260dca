import { Args, Flags } from '@oclif/core';
import { PolicyCheckCommand } from '../../base/policy-check-command.js';
import { policyCheckFormats, policyReportFormatFlag, sarifFormatSummary } from '../../flags/policy-report-format.js';
import { loadPolicyFileSet, writeReport } from '../../policy-files/command-support.js';
import type { LintJson } from '../../policy-files/report/json.js';

export default class PolicyLint extends PolicyCheckCommand {
  static override summary = 'Check policy files: YAML syntax, schema, and rules that can never apply';
  static override description = [
    'Checks every policy file (and *.test.yaml file, and acctl.yaml) against the JSON Schemas the server validates with, then across files: duplicate policy names, rules identical to an earlier one, allow rules that an unconditional deny covers entirely, empty time windows, unknown time zones.',
    'Each finding has its file:line:col, the source line with a caret under the problem, and for a mistyped field the nearest allowed name.',
    'Without paths: the current folder (the files its acctl.yaml selects, or every .yaml/.yml file). Exit code 0 when clean, 1 with errors (or warnings with --strict), 2 for bad usage.',
  ].join('\n');

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> policies/ --strict',
    { description: 'In a GitHub Actions workflow: annotations on the diff and a job summary', command: '<%= config.bin %> <%= command.id %> --format github' },
    { description: 'A JUnit report for CI', command: '<%= config.bin %> <%= command.id %> --format junit > lint-report.xml' },
    {
      description: 'For GitHub code scanning (upload with github/codeql-action/upload-sarif)',
      command: '<%= config.bin %> <%= command.id %> --format sarif > lint.sarif',
    },
  ];

  static override strict = false;
  static override args = {
    paths: Args.string({ description: 'Policy files or folders (default: the current folder); - reads one policy file from standard input.' }),
  };
  static override flags = {
    ...policyReportFormatFlag(sarifFormatSummary, policyCheckFormats),
    strict: Flags.boolean({ default: false, summary: 'Fail on warnings too.' }),
  };

  public async run(): Promise<LintJson> {
    const { argv, flags } = await this.parse(PolicyLint);
    const { selected } = await loadPolicyFileSet(argv as string[], process.cwd(), 'policy');
    const pf = await import('../../policy-files/index.js');
    const report = pf.lintFiles(selected);
    const outcome = { report, strict: flags.strict, failed: pf.lintFails(report, flags.strict) };
    writeReport((text) => this.log(text), flags.format, {
      human: (paint) => pf.lintHuman(outcome, paint),
      json: () => pf.lintJson(outcome),
      github: () => pf.lintGithub(outcome),
      junit: () => pf.lintJunit(outcome),
      markdown: () => pf.lintMarkdown(outcome),
      sarif: () => pf.lintSarif(outcome, this.config.version),
    });
    return this.finish(pf.lintJson(outcome), outcome.failed);
  }
}

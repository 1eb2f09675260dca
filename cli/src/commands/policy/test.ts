import { statSync } from 'node:fs';
import { Args, Flags } from '@oclif/core';
import { PolicyCheckCommand } from '../../base/policy-check-command.js';
import { UsageError } from '../../../../kit/src/index.js';
import { policyCheckFormats, policyReportFormatFlag, sarifFormatSummary } from '../../flags/policy-report-format.js';
import { loadPolicyFileSet, writeReport } from '../../policy-files/command-support.js';
import type { TestJson } from '../../policy-files/report/json.js';

export default class PolicyTest extends PolicyCheckCommand {
  static override summary = "Run policy tests (*.test.yaml) offline with the server's engine";
  static override description = [
    "Each test names principals, resources and actions, a fixed time and context, and the decision every combination must get; it may also list the rules that must match (policy name and rule index). The policies are those of the test file's folder: the ones the file names, whatever their status, or else the active ones, as the server enforces them.",
    "Failures show the engine's explanation and why rules did not apply. Coverage counts the rules that applied and the outcomes (holds, fails) each condition had; --min-coverage fails the run when either is lower.",
    "Coverage is of the policies the run is about: for folders, every policy the tests evaluated; for test files named one by one, the policies those files name (policies:, matched:) or that one of their checks matched, not the whole folder's.",
    'Exit code 0 when every test passes (and coverage is met), 1 otherwise, 2 for bad usage.',
  ].join('\n');

  static override examples = [
    '<%= config.bin %> <%= command.id %> policies/',
    '<%= config.bin %> <%= command.id %> policies/ --filter contractor',
    '<%= config.bin %> <%= command.id %> --min-coverage 90 --format junit > policy-tests.xml',
    { description: 'Coverage of the policies one test file is about', command: '<%= config.bin %> <%= command.id %> policies/admin-console.test.yaml' },
    { description: 'For GitHub code scanning', command: '<%= config.bin %> <%= command.id %> policies/ --format sarif > policy-test.sarif' },
  ];

  static override strict = false;
  static override args = {
    paths: Args.string({
      description:
        'Test files or folders (default: the current folder); - reads one test file from standard input, whose policies are those of the current folder.',
    }),
  };
  static override flags = {
    filter: Flags.string({ summary: 'Run only the tests whose name, or the name of whose test file, contains this text (case ignored).' }),
    'min-coverage': Flags.integer({ min: 0, max: 100, summary: 'Fail when rule coverage or condition-outcome coverage is below this percentage.' }),
    ...policyReportFormatFlag(sarifFormatSummary, policyCheckFormats),
  };

  public async run(): Promise<TestJson> {
    const { argv, flags } = await this.parse(PolicyTest);
    const set = await loadPolicyFileSet(argv as string[], process.cwd(), 'test', { policyFolder: true });
    const pf = await import('../../policy-files/index.js');
    const prepared = pf.prepareTests(set.all, set.selected);
    if (prepared.blocking.length === 0 && prepared.testFiles === 0) {
      throw new UsageError(`No test files (*.test.yaml) in ${argv.length > 0 ? argv.join(', ') : 'the current folder'}`, [
        'Write tests beside the policies: see docs/policy-files.md',
      ]);
    }
    // Test files named one by one: coverage of their policies only (runTests, RunOptions.coverage).
    const filesOnly = argv.length > 0 && (argv as string[]).every((given) => given === '-' || statSync(given).isFile());
    const run =
      prepared.blocking.length > 0
        ? undefined
        : pf.runTests(prepared.cases, prepared.policies, { filter: flags.filter, coverage: filesOnly ? 'tested' : 'evaluated' });
    if (run !== undefined && run.results.length === 0 && flags.filter !== undefined) {
      throw new UsageError(`No test matches --filter ${JSON.stringify(flags.filter)}`);
    }
    const minCoverage = flags['min-coverage'];
    const coverageMet = run === undefined || minCoverage === undefined || pf.meetsMinimum(run.coverage, minCoverage);
    const outcome = { run, blocking: prepared.blocking, minCoverage, coverageMet, failed: run === undefined || run.summary.failed > 0 || !coverageMet };
    writeReport((text) => this.log(text), flags.format, {
      human: (paint) => pf.testHuman(outcome, paint),
      json: () => pf.testJson(outcome),
      github: () => pf.testGithub(outcome),
      junit: () => pf.testJunit(outcome),
      markdown: () => pf.testMarkdown(outcome),
      sarif: () => pf.testSarif(outcome, this.config.version),
    });
    return this.finish(pf.testJson(outcome), outcome.failed);
  }
}

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Args, Flags } from '@oclif/core';
import { PolicyCheckCommand } from '../../base/policy-check-command.js';
import { loadPolicyFileSet } from '../../policy-files/command-support.js';
import type { FindingJson } from '../../policy-files/report/json.js';
import { style } from '../../../../kit/src/index.js';

export interface FmtResult {
  /** Files not in canonical form: rewritten, or with --check only listed. */
  changed: string[];
  checked: boolean;
  files: number;
  /** With --diff: each changed file's unified diff, by file. */
  diffs?: Record<string, string>;
  /** For `-` (standard input) without --check or --diff: the file in canonical form, as printed on stdout. */
  formatted?: string;
  /** Files that could not be parsed, left as they are. */
  findings: FindingJson[];
}

export default class PolicyFmt extends PolicyCheckCommand {
  static override summary = 'Rewrite policy files in canonical form (key order, 2-space indentation), keeping comments';
  static override description = [
    'Keys in the canonical order: name, description, status, metadata, rules; in each rule effect, principals, resources, actions, conditions (test files and acctl.yaml have theirs). Indentation of 2 spaces, lists indented under their key.',
    'Comments, quoting and flow lists ([read, write]) stay as written. Files with YAML syntax errors are reported and left alone.',
    'With --check nothing is written: the files that would change are listed and the exit code is 1 when there is any (for CI).',
    'With --diff nothing is written either: a unified diff of the changes is printed (as gofmt -d does; git apply takes it) and the exit code is 1 when there is any.',
    'The path - reads one policy file from standard input and prints it formatted on standard output (with --check or --diff, only the verdict or the diff).',
  ].join('\n');

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> policies/ --check',
    { description: 'Show what would change, then apply it', command: '<%= config.bin %> <%= command.id %> policies/ --diff > fmt.patch; git apply fmt.patch' },
  ];

  static override strict = false;
  static override args = { paths: Args.string({ description: 'Policy files or folders (default: the current folder); - reads one from standard input.' }) };
  static override flags = {
    check: Flags.boolean({ default: false, summary: 'Write nothing; list the files that are not formatted and exit 1 if any.' }),
    // gofmt -d and prettier --check: a check that shows its changes, for CI logs and review.
    diff: Flags.boolean({ default: false, summary: 'Write nothing; print a unified diff of the changes and exit 1 if any.' }),
  };

  public async run(): Promise<FmtResult> {
    const { argv, flags } = await this.parse(PolicyFmt);
    const { selected } = await loadPolicyFileSet(argv as string[], process.cwd(), 'policy');
    // `-`: the file from stdin goes to stdout, formatted, as gofmt and prettier --stdin-filepath do.
    const fromStdin = (argv as string[]).includes('-');
    const pf = await import('../../policy-files/index.js');
    const { findingJson } = await import('../../policy-files/report/json.js');
    const { findingText } = await import('../../policy-files/report/human.js');
    const { unifiedDiff } = await import('../../policy-files/unified-diff.js');
    const checkOnly = flags.check || flags.diff;
    const changed: string[] = [];
    const diffs: Record<string, string> = {};
    const findings: FindingJson[] = [];
    let output: string | undefined;
    for (const source of selected) {
      const result = pf.formatFile(source);
      for (const finding of result.findings) {
        findings.push(findingJson(finding));
        this.logToStderr(findingText(finding, style));
      }
      if (fromStdin && !flags.check && !flags.diff) {
        output = result.formatted ?? source.text;
        if (!this.jsonEnabled()) process.stdout.write(output);
      }
      if (!result.changed || result.formatted === undefined) continue;
      changed.push(source.path);
      if (flags.diff) {
        diffs[source.path] = unifiedDiff(path.relative(process.cwd(), path.resolve(source.path)).split(path.sep).join('/'), source.text, result.formatted);
        // Written as it is, without colour or a final newline added: the output is a patch.
        if (!this.jsonEnabled()) process.stdout.write(diffs[source.path]!);
      }
      if (!checkOnly && !fromStdin) writeFileSync(path.resolve(source.path), result.formatted);
    }
    if (flags.diff) {
      this.say(
        changed.length === 0
          ? `${selected.length} file(s) already formatted`
          : `${changed.length} of ${selected.length} file(s) would be reformatted; run acctl policy fmt, or git apply this diff`,
      );
    } else if (flags.check) {
      for (const file of changed) this.log(`${style.yellow('would reformat')} ${file}`);
      this.say(
        changed.length === 0
          ? `${selected.length} file(s) already formatted`
          : `${changed.length} of ${selected.length} file(s) would be reformatted; run acctl policy fmt`,
      );
    } else if (!fromStdin) {
      for (const file of changed) this.log(`${style.green('formatted')} ${file}`);
      this.say(`${changed.length} of ${selected.length} file(s) reformatted`);
    }
    return this.finish(
      {
        changed,
        checked: checkOnly,
        files: selected.length,
        findings,
        ...(flags.diff ? { diffs } : {}),
        ...(output === undefined ? {} : { formatted: output }),
      },
      findings.length > 0 || (checkOnly && changed.length > 0),
    );
  }
}

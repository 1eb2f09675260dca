import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Args, Flags } from '@oclif/core';
import { PolicyCheckCommand } from '../../base/policy-check-command.js';
import { loadPolicyFileSet } from '../../policy-files/command-support.js';
import type { FindingJson } from '../../policy-files/report/json.js';
import { style } from '../../ux/style.js';

export interface FmtResult {
  /** Files not in canonical form: rewritten, or with --check only listed. */
  changed: string[];
  checked: boolean;
  files: number;
  /** Files that could not be parsed, left as they are. */
  findings: FindingJson[];
}

export default class PolicyFmt extends PolicyCheckCommand {
  static override summary = 'Rewrite policy files in canonical form (key order, 2-space indentation), keeping comments';
  static override description = [
    'Keys in the canonical order: name, description, status, metadata, rules; in each rule effect, principals, resources, actions, conditions (test files and acctl.yaml have theirs). Indentation of 2 spaces, lists indented under their key.',
    'Comments, quoting and flow lists ([read, write]) stay as written. Files with YAML syntax errors are reported and left alone.',
    'With --check nothing is written: the files that would change are listed and the exit code is 1 when there is any (for CI).',
  ].join('\n');

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> policies/ --check'];

  static override strict = false;
  static override args = { paths: Args.string({ description: 'Policy files or folders (default: the current folder).' }) };
  static override flags = {
    check: Flags.boolean({ default: false, summary: 'Write nothing; list the files that are not formatted and exit 1 if any.' }),
  };

  public async run(): Promise<FmtResult> {
    const { argv, flags } = await this.parse(PolicyFmt);
    const { selected } = await loadPolicyFileSet(argv as string[]);
    const pf = await import('../../policy-files/index.js');
    const { findingJson } = await import('../../policy-files/report/json.js');
    const { findingText } = await import('../../policy-files/report/human.js');
    const changed: string[] = [];
    const findings: FindingJson[] = [];
    for (const source of selected) {
      const result = pf.formatFile(source);
      for (const finding of result.findings) {
        findings.push(findingJson(finding));
        this.logToStderr(findingText(finding, style));
      }
      if (!result.changed || result.formatted === undefined) continue;
      changed.push(source.path);
      if (!flags.check) writeFileSync(path.resolve(source.path), result.formatted);
    }
    if (flags.check) {
      for (const file of changed) this.log(`${style.yellow('would reformat')} ${file}`);
      this.say(
        changed.length === 0
          ? `${selected.length} file(s) already formatted`
          : `${changed.length} of ${selected.length} file(s) would be reformatted; run acctl policy fmt`,
      );
    } else {
      for (const file of changed) this.log(`${style.green('formatted')} ${file}`);
      this.say(`${changed.length} of ${selected.length} file(s) reformatted`);
    }
    return this.finish({ changed, checked: flags.check, files: selected.length, findings }, findings.length > 0 || (flags.check && changed.length > 0));
  }
}

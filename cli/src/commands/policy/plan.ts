import { writeFileSync } from 'node:fs';
import { Args, Flags } from '@oclif/core';
import { GitopsCommand } from '../../base/gitops-command.js';
import type { Failure } from '../../../../kit/src/index.js';
import { environmentFlag } from '../../flags/environment.js';
import { policyReportFormatFlag } from '../../flags/policy-report-format.js';
import type { Plan } from '../../gitops/plan.js';
import { writeReport } from '../../policy-files/command-support.js';

export default class PolicyPlan extends GitopsCommand {
  static override summary = 'Compare a policy folder with the server: what apply would create, update and delete';
  static override description = [
    "Reads the folder (refusing files with lint errors), then lists the server's policies carrying the folder's ownership label (acctl.yaml `owner`) and those named in its files, with their content_hash: only policies whose content differs are fetched in full (100 a request), to show a field-level diff.",
    'Each policy is: create, update (with the diff), unchanged, delete (with --prune: labelled with this repository\'s owner, gone from its files; without --prune, "orphaned"), or blocked (its name is taken by a policy with another owner label). An update is "drifted" when the server\'s policy changed since this repository last applied it; plan says by whom and when.',
    "Exit codes, as Terraform's -detailed-exitcode: 0 no changes, 2 changes, 1 an error (any error, or a blocked policy). --out saves the plan for `acctl policy apply plan.json`, which refuses it if the server moved since.",
  ].join('\n');

  static override examples = [
    '<%= config.bin %> <%= command.id %> policies/',
    '<%= config.bin %> <%= command.id %> policies/ --prune --out plan.json',
    {
      description: 'In a pull request: annotations, a job summary, and a comment body',
      command: '<%= config.bin %> <%= command.id %> policies/ --format markdown > plan.md',
    },
  ];

  static override args = { dir: Args.string({ description: 'The policy folder (default: the current folder).', default: '.' }) };
  static override flags = {
    ...environmentFlag,
    prune: Flags.boolean({ default: false, summary: "Plan to delete the policies with this repository's owner label that are gone from its files." }),
    out: Flags.string({ summary: 'Save the plan (JSON) to this file, for acctl policy apply.', helpValue: 'FILE' }),
    ...policyReportFormatFlag('Output: human, json, github (workflow annotations and a job summary), junit (XML) or markdown (a pull-request comment).'),
  };

  protected override exitCodeOf(_failure: Failure): number {
    return 1;
  }

  public async run(): Promise<Plan> {
    const { args, flags } = await this.parse(PolicyPlan);
    const repository = await this.readRepository(args.dir, flags.environment);
    const api = await this.apiFor(repository, flags);
    const [{ planFolder }, { hasChanges }, report] = await Promise.all([
      import('../../gitops/plan-folder.js'),
      import('../../gitops/plan.js'),
      import('../../gitops/plan-report.js'),
    ]);
    const plan = await planFolder(api, repository, { prune: flags.prune, now: new Date() });
    if (flags.out) writeFileSync(flags.out, `${JSON.stringify(plan, null, 2)}\n`);
    if (!this.jsonEnabled()) {
      writeReport((text) => this.log(text), flags.format, {
        human: (paint) => report.planHuman(plan, paint),
        json: () => plan,
        github: () => report.planGithub(plan),
        junit: () => report.planJunit(plan),
        markdown: () => report.planMarkdown(plan),
      });
    }
    const exitCode = plan.summary.blocked > 0 ? 1 : hasChanges(plan) ? 2 : 0;
    return exitCode === 0 ? plan : this.exitWith(plan, exitCode);
  }
}

import { writeFileSync } from 'node:fs';
import { Args, Flags } from '@oclif/core';
import { GitopsCommand } from '../../base/gitops-command.js';
import { exitCodes, type Failure } from '../../../../kit/src/index.js';
import { environmentFlag } from '../../flags/environment.js';
import { policyCheckFormats, policyReportFormatFlag } from '../../flags/policy-report-format.js';
import type { PolicyAccess } from '../../gitops/access.js';
import type { Plan } from '../../gitops/plan.js';
import { writeReport } from '../../policy-files/command-support.js';

/** What --json prints, without format_version: the plan (what --out saves) and its access block. */
export type PlanJson = Plan & { access: PolicyAccess };

export default class PolicyPlan extends GitopsCommand {
  static override summary = 'Compare a policy folder with the server: what apply would create, update and delete';
  static override description = [
    "Reads the folder (refusing files with lint errors), then lists the server's policies carrying the folder's ownership label (acctl.yaml `owner`) and those named in its files, with their content_hash: only policies whose content differs are fetched in full (100 a request), to show a field-level diff.",
    'Each policy is: create, update (with the diff), unchanged, delete (with --prune: labelled with this repository\'s owner, gone from its files; without --prune, "orphaned"), or blocked (its name is taken by a policy with another owner label). An update is "drifted" when the server\'s policy changed since this repository last applied it; plan says by whom and when.',
    'Access: plan also decides, over the whole active set (the server\'s active policies before; after, the set applying the plan gives, as acctl policy impact builds it), whether access widens (some request denied before is allowed after) and whether it narrows, exactly: "cannot widen" is a proof over every request and every instant of the 366 days from the run (a year ahead, a leap day included), not a sample. Each finding gives up to 5 example requests, checked with the engine, and the policy and rule responsible; widening comes first in every format (--json: access).',
    "Exit codes, as Terraform's -detailed-exitcode: 0 no changes, 2 changes, 1 an error (any error, or a blocked policy). --out saves the plan for `acctl policy apply plan.json`, which refuses it if the server moved since.",
    `With --fail-on-widen, plan is a gate on access alone: ${exitCodes.access_widens} when access widens or whether it does could not be decided, 0 otherwise (changes or not), 1 on any error.`,
  ].join('\n');

  static override examples = [
    '<%= config.bin %> <%= command.id %> policies/',
    '<%= config.bin %> <%= command.id %> policies/ --prune --out plan.json',
    {
      description: 'A required check that fails when the change widens access (or cannot be shown not to)',
      command: '<%= config.bin %> <%= command.id %> policies/ --fail-on-widen --format github',
    },
    {
      description: 'For GitHub code scanning (upload with github/codeql-action/upload-sarif): each widening an alert at its rule',
      command: '<%= config.bin %> <%= command.id %> policies/ --format sarif > plan.sarif',
    },
    {
      description: 'In a pull request: annotations, a job summary, and a comment body',
      command: '<%= config.bin %> <%= command.id %> policies/ --format markdown > plan.md',
    },
  ];

  static override args = { dir: Args.string({ description: 'The policy folder (default: the current folder).', default: '.' }) };
  static override flags = {
    ...environmentFlag,
    prune: Flags.boolean({ default: false, summary: "Plan to delete the policies with this repository's owner label that are gone from its files." }),
    'fail-on-widen': Flags.boolean({
      default: false,
      summary: `Exit ${exitCodes.access_widens} when the change widens access; "could not be decided" counts as widening (never permissive). Other changes then exit 0.`,
    }),
    out: Flags.string({ summary: 'Save the plan (JSON) to this file, for acctl policy apply.', helpValue: 'FILE' }),
    ...policyReportFormatFlag(
      'Output: human, json, github (workflow annotations and a job summary), junit (XML), markdown (a pull-request comment) or sarif (SARIF 2.1.0 for GitHub code scanning: each widening an error at its rule).',
      policyCheckFormats,
    ),
  };

  protected override exitCodeOf(_failure: Failure): number {
    return 1;
  }

  public async run(): Promise<PlanJson> {
    const { args, flags } = await this.parse(PolicyPlan);
    const repository = await this.readRepository(args.dir, flags.environment);
    const api = await this.apiFor(repository, flags);
    const [
      { planFolder },
      { hasChanges },
      report,
      { readServerPolicies },
      { plannedPolicies },
      { accessChange, accessUnknown, mayWiden },
      { FullViewUnavailable },
    ] = await Promise.all([
      import('../../gitops/plan-folder.js'),
      import('../../gitops/plan.js'),
      import('../../gitops/plan-report.js'),
      import('../../gitops/server-policies.js'),
      import('../../policy-files/impact.js'),
      import('../../gitops/access.js'),
      import('../../stored-policies/lookup.js'),
    ]);
    const now = new Date();
    const plan = await planFolder(api, repository, { prune: flags.prune, now });
    if (flags.out) writeFileSync(flags.out, `${JSON.stringify(plan, null, 2)}\n`);
    // The sets impact replays against: the server's active policies, and what applying this plan leaves active.
    // A plan that changes nothing leaves the set as it is: no need to read every active policy (a no-op plan stays a few list requests).
    // A server older than view=full would cost a request per active policy: the access is then unknown, and says why.
    let access: PlanJson['access'];
    try {
      const sets = hasChanges(plan) ? plannedPolicies(await readServerPolicies(api, { oneByOne: false }), plan) : { current: [], planned: [] };
      access = accessChange(sets.current, sets.planned, { before: [], after: repository.files }, now);
    } catch (error) {
      if (!(error instanceof FullViewUnavailable)) throw error;
      access = accessUnknown(`${error.message}; upgrade the server for the proof`, now);
    }
    const shown: PlanJson = { ...plan, access };
    if (!this.jsonEnabled()) {
      writeReport((text) => this.log(text), flags.format, {
        human: (paint) => report.planHuman(shown, paint),
        json: () => shown,
        github: () => report.planGithub(shown),
        junit: () => report.planJunit(plan),
        markdown: () => report.planMarkdown(shown),
        sarif: () =>
          report.planSarif(shown, this.config.version, repository.configFile === undefined ? undefined : { file: repository.configFile, line: 1, col: 1 }),
      });
    }
    const exitCode = plan.summary.blocked > 0 ? 1 : flags['fail-on-widen'] ? (mayWiden(shown.access) ? exitCodes.access_widens : 0) : hasChanges(plan) ? 2 : 0;
    return exitCode === 0 ? shown : this.exitWith(shown, exitCode);
  }
}

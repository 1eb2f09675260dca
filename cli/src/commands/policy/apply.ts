import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Args, Flags } from '@oclif/core';
import type { CliPolicyApplyOutput } from '../../../../core/src/index.js';
import type { ApiClient } from '../../api/client.js';
import { GitopsCommand } from '../../base/gitops-command.js';
import { CommandError, UsageError, errorStyle, style } from '../../../../kit/src/index.js';
import { environmentFlag } from '../../flags/environment.js';
import type { Plan } from '../../gitops/plan.js';
import { DEFAULT_MAX_DELETES } from '../../gitops/prune-guard.js';

/** What --json prints (schemas/cli/policy-apply.json), without format_version. */
export type ApplyJson = Omit<CliPolicyApplyOutput, 'format_version'>;

export default class PolicyApply extends GitopsCommand {
  static override summary = 'Make the server match a policy folder, or carry out a saved plan';
  static override description = [
    'In a terminal, apply shows the plan (the policies --prune deletes named apart) and asks: only `yes` applies it; any other answer, Ctrl-C or Ctrl-D ends with "Apply cancelled" (exit 1) and changes nothing, as terraform apply. --auto-approve skips the question. Without a terminal (CI), or with --json, apply needs --auto-approve or a saved plan (acctl policy plan --out plan.json, then acctl policy apply plan.json: the plan a pull request reviewed is the approval); otherwise it refuses with exit 2 before it reads the server. A lint error in the files is exit 1, as in acctl policy lint and plan.',
    'Plans (as acctl policy plan) and sends the whole plan (a saved plan exactly) as one change set (POST /v1/policy-sets), which the server applies in one transaction, all of it or none: creates, and updates and deletes each expecting the version the plan saw, so a change made on the server since (a stale plan.json, or a concurrent apply) refuses the whole set with exit 9, naming every policy that moved, and nothing is applied. A second apply of the same files changes nothing. If the server stops answering mid-request, apply exits 8: the set was applied whole or not at all, and acctl policy plan shows which. A plan over the limits of one change set (docs/policy-sets.md, Limits) is refused before anything is sent (exit 2), never split: apply one folder (one acctl.yaml owner) at a time. --dry-run sends the set for the server to check without writing it: exit 0 if it would apply, 9 if it would refuse.',
    "--prune also soft-deletes the policies carrying this repository's ownership label (acctl.yaml `owner`) that are gone from its files; policies with another label, or none, are never touched. It refuses to delete more than --max-deletes (default 10) or every policy the repository owns, unless --force.",
    'Each version written records its provenance in metadata.provenance: commit (--commit, GITHUB_SHA, or git rev-parse HEAD), CI run URL (--run-url, or GITHUB_SERVER_URL/GITHUB_REPOSITORY/actions/runs/GITHUB_RUN_ID), actor (--actor, GITHUB_ACTOR, or the local user), source file, content hash, time and the change set; the set records the same origin (and GITHUB_REPOSITORY). --json adds policy_set: its id, applied_at and counts.',
  ].join('\n');

  static override examples = [
    { description: 'Show the plan and ask before applying it (in a terminal)', command: '<%= config.bin %> <%= command.id %> policies/' },
    '<%= config.bin %> <%= command.id %> policies/ --prune --dry-run',
    { description: 'Apply exactly what was reviewed (no question: the saved plan is the approval)', command: '<%= config.bin %> <%= command.id %> plan.json' },
    {
      description: 'In CI without a saved plan: plan and apply without asking',
      command: '<%= config.bin %> <%= command.id %> policies/ --prune --auto-approve',
    },
  ];

  static override args = {
    source: Args.string({ description: 'The policy folder, or a plan saved by acctl policy plan --out (default: the current folder).', default: '.' }),
  };
  static override flags = {
    ...environmentFlag,
    prune: Flags.boolean({
      default: false,
      summary: "Also delete the policies with this repository's owner label that are gone from its files (a saved plan deletes what it was planned with).",
    }),
    'max-deletes': Flags.integer({ default: DEFAULT_MAX_DELETES, min: 0, summary: 'Refuse to delete more policies than this (without --force).' }),
    force: Flags.boolean({ default: false, summary: 'Delete past --max-deletes, or every policy the repository owns.' }),
    'dry-run': Flags.boolean({ default: false, summary: 'Show the plan and have the server check its change set, writing nothing.' }),
    'auto-approve': Flags.boolean({
      default: false,
      summary: "Apply a folder's plan without asking for `yes` (needed without a terminal, or with --json, unless the source is a saved plan).",
    }),
    commit: Flags.string({ summary: 'Commit SHA recorded in provenance (default: GITHUB_SHA, else git rev-parse HEAD).', helpValue: 'SHA' }),
    'run-url': Flags.string({
      summary: 'CI run URL recorded in provenance (default: from GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID).',
      helpValue: 'URL',
    }),
    actor: Flags.string({ summary: 'Who applies, recorded in provenance (default: GITHUB_ACTOR, else the local user).', helpValue: 'NAME' }),
  };

  public async run(): Promise<ApplyJson> {
    const { args, flags } = await this.parse(PolicyApply);
    const [
      { applyChangeSet, checkPlanFits, checkSavedPlanCurrent, executableChanges, planChangeSet },
      { checkDeletes },
      { applyOrigin, originRepository },
      report,
      { refuseBlockedPlan },
    ] = await Promise.all([
      import('../../gitops/apply.js'),
      import('../../gitops/prune-guard.js'),
      import('../../gitops/provenance.js'),
      import('../../gitops/plan-report.js'),
      import('../../gitops/plan.js'),
    ]);
    if (!existsSync(args.source)) throw new UsageError(`No such file or folder: ${args.source}`);
    const savedPlan = statSync(args.source).isFile() && args.source.endsWith('.json');
    const dryRun = flags['dry-run'];
    // Terraform's rule: a saved plan is already approved; a folder's plan is approved by --auto-approve or a person's `yes`.
    const mustAsk = !savedPlan && !flags['auto-approve'] && !dryRun;
    const { approvedAtTerminal, refuseWithoutApproval } = await import('../../ux/approval.js');
    if (mustAsk)
      refuseWithoutApproval(
        'acctl policy apply',
        this.jsonEnabled(),
        'add --auto-approve, or apply a saved plan (acctl policy plan --out plan.json)',
        'nothing was applied',
      );
    const { plan, dir, api } = await this.#planFor(args.source, savedPlan, flags);
    refuseBlockedPlan(plan, 'nothing was applied');
    checkDeletes(plan, { maxDeletes: flags['max-deletes'], force: flags.force });
    if (!this.jsonEnabled()) this.log(report.planHuman(plan, style).replace(/\n$/, ''));
    if (executableChanges(plan).length === 0) {
      if (dryRun && !this.jsonEnabled()) this.log('Dry run: nothing to apply, nothing was applied.');
      return { dry_run: dryRun, summary: plan.summary, applied: [] };
    }
    // The whole plan is one change set: built and held to its limits before the question, so a `yes` is never followed by a refusal of its size.
    const origin = applyOrigin({ commit: flags.commit, run_url: flags['run-url'], actor: flags.actor }, process.env, dir);
    const set = planChangeSet(plan, origin, new Date(), { dryRun, repository: originRepository(process.env) });
    checkPlanFits(set);
    if (mustAsk && !(await approvedAtTerminal(report.approvalQuestion(plan, errorStyle))))
      throw new CommandError('apply_cancelled', 'Apply cancelled: nothing was changed');
    if (savedPlan) await checkSavedPlanCurrent(api, plan);
    const { startProgress } = await import('../../ux/progress.js');
    const size = `${set.request.changes.length} change(s)`;
    // One request: a spinner, not per-policy counts.
    const progress = startProgress(dryRun ? `Checking the change set (${size})` : `Applying the change set (${size})`, { enabled: !this.jsonEnabled() });
    const { policySet, applied } = await applyChangeSet(api, set).finally(() => progress.stop());
    const { create, update, delete: deleted } = policySet.counts;
    const counted = `${create} to create, ${update} to update, ${deleted} to delete`;
    if (dryRun) this.log(`Dry run: the server accepts the change set (${counted}); nothing was applied.`);
    else this.log(`${style.green(`Apply complete: ${create} created, ${update} updated, ${deleted} deleted.`)} Change set ${policySet.id ?? '(none)'}.`);
    return {
      dry_run: dryRun,
      summary: plan.summary,
      applied,
      policy_set: {
        ...(policySet.id !== undefined ? { id: policySet.id } : {}),
        ...(policySet.applied_at !== undefined ? { applied_at: policySet.applied_at } : {}),
        counts: policySet.counts,
      },
    };
  }

  /**
   * A saved plan (read and checked by readSavedPlan before anything else), with the client of the
   * server this command talks to (the rule of ApiCommand.api, from the working directory's policy
   * repository), which must be the plan's: a plan file never chooses where credentials go. Or a
   * fresh plan of the folder, with the client that made it.
   */
  async #planFor(
    source: string,
    savedPlan: boolean,
    flags: { server?: string; environment?: string; prune: boolean },
  ): Promise<{ plan: Plan; dir: string; api: ApiClient }> {
    if (savedPlan) {
      const { readSavedPlan } = await import('../../gitops/saved-plan.js');
      const plan = readSavedPlan(source);
      const api = await this.api(flags.server);
      if (api.baseUrl !== plan.server) {
        throw new UsageError(`${source} was planned against ${plan.server}, and this command talks to ${api.baseUrl}; nothing was sent`, [
          `To apply it to the server it was planned against: --server ${plan.server.replace(/\/v1$/, '')} (or ACCTL_SERVER)`,
        ]);
      }
      return { plan, dir: path.dirname(path.resolve(source)), api };
    }
    const repository = await this.readRepository(source, flags.environment);
    if (flags.prune && repository.owner === null)
      throw new UsageError('--prune needs an ownership label: set `owner` in acctl.yaml', ["Prune deletes only policies carrying this repository's label"]);
    const api = await this.apiFor(repository, flags);
    const { planFolder } = await import('../../gitops/plan-folder.js');
    return { plan: await planFolder(api, repository, { prune: flags.prune, now: new Date() }), dir: repository.dir, api };
  }
}

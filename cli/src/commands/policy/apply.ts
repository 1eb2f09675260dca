import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Args, Flags } from '@oclif/core';
import type { ApiClient } from '../../api/client.js';
import { GitopsCommand } from '../../base/gitops-command.js';
import { CommandError, UsageError } from '../../errors.js';
import { environmentFlag } from '../../flags/environment.js';
import type { AppliedChange } from '../../gitops/apply.js';
import type { Plan, PlanSummary } from '../../gitops/plan.js';
import { DEFAULT_MAX_DELETES } from '../../gitops/prune-guard.js';
import { errorStyle, style } from '../../ux/style.js';

export interface ApplyJson {
  dry_run: boolean;
  summary: PlanSummary;
  applied: AppliedChange[];
}

export default class PolicyApply extends GitopsCommand {
  static override summary = 'Make the server match a policy folder, or carry out a saved plan';
  static override description = [
    'In a terminal, apply shows the plan (the policies --prune deletes named apart) and asks: only `yes` applies it; any other answer, Ctrl-C or Ctrl-D ends with "Apply cancelled" (exit 1) and changes nothing, as terraform apply. --auto-approve skips the question. Without a terminal (CI), or with --json, apply needs --auto-approve or a saved plan (acctl policy plan --out plan.json, then acctl policy apply plan.json: the plan a pull request reviewed is the approval); otherwise it refuses with exit 2 before it reads the server. A lint error in the files is exit 1, as in acctl policy lint and plan.',
    'Plans (as acctl policy plan) and applies: creates, then updates sent with If-Match set to the version the plan saw, so a change made on the server since (a stale plan.json, or a concurrent apply) is refused with exit 9 instead of overwritten. A second apply of the same files changes nothing. If the server stops answering midway, apply exits 8 saying how many changes it acknowledged; applying the folder again makes only the rest.',
    "--prune also soft-deletes the policies carrying this repository's ownership label (acctl.yaml `owner`) that are gone from its files; policies with another label, or none, are never touched. It refuses to delete more than --max-deletes (default 10) or every policy the repository owns, unless --force.",
    'Each version written records its provenance in metadata.provenance: commit (--commit, GITHUB_SHA, or git rev-parse HEAD), CI run URL (--run-url, or GITHUB_SERVER_URL/GITHUB_REPOSITORY/actions/runs/GITHUB_RUN_ID), actor (--actor, GITHUB_ACTOR, or the local user), source file, content hash and time.',
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
    'dry-run': Flags.boolean({ default: false, summary: 'Show the plan and change nothing.' }),
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
    const [{ applyPlan, checkSavedPlanCurrent, executableChanges }, { checkDeletes }, { applyOrigin }, report] = await Promise.all([
      import('../../gitops/apply.js'),
      import('../../gitops/prune-guard.js'),
      import('../../gitops/provenance.js'),
      import('../../gitops/plan-report.js'),
    ]);
    if (!existsSync(args.source)) throw new UsageError(`No such file or folder: ${args.source}`);
    const savedPlan = statSync(args.source).isFile() && args.source.endsWith('.json');
    // Terraform's rule: a saved plan is already approved; a folder's plan is approved by --auto-approve or a person's `yes`.
    const mustAsk = !savedPlan && !flags['auto-approve'] && !flags['dry-run'];
    if (mustAsk && (this.jsonEnabled() || !process.stdin.isTTY)) {
      throw new UsageError(
        `acctl policy apply cannot ask for approval ${this.jsonEnabled() ? 'with --json' : 'without a terminal'}: add --auto-approve, or apply a saved plan (acctl policy plan --out plan.json); nothing was applied`,
      );
    }
    const { plan, dir, api: planningApi } = await this.#planFor(args.source, savedPlan, flags);
    if (plan.summary.blocked > 0) {
      const blocked = plan.changes.filter((change) => change.action === 'blocked').map((change) => change.name);
      throw new CommandError('conflict', `${blocked.length} policy name(s) belong to another owner on the server: ${blocked.join(', ')}; nothing was applied`, {
        suggestions: ['Rename the policies, or change the ownership label on the server'],
      });
    }
    checkDeletes(plan, { maxDeletes: flags['max-deletes'], force: flags.force });
    if (!this.jsonEnabled()) this.log(report.planHuman(plan, style).replace(/\n$/, ''));
    if (flags['dry-run'] || executableChanges(plan).length === 0) {
      if (flags['dry-run'] && !this.jsonEnabled()) this.log('Dry run: nothing was applied.');
      return { dry_run: flags['dry-run'], summary: plan.summary, applied: [] };
    }
    if (mustAsk) {
      const { askLine } = await import('../../ux/ask-line.js');
      const answer = await askLine(report.approvalQuestion(plan, errorStyle));
      if (answer?.trim() !== 'yes') throw new CommandError('apply_cancelled', 'Apply cancelled: nothing was changed');
    }
    const origin = applyOrigin({ commit: flags.commit, run_url: flags['run-url'], actor: flags.actor }, process.env, dir);
    // A folder is applied through the client that planned it; a saved plan, to the server it names.
    const api = planningApi ?? (await this.api(plan.server.replace(/\/v1$/, '')));
    if (savedPlan) await checkSavedPlanCurrent(api, plan);
    const { applied } = await applyPlan(api, plan, origin, { now: () => new Date(), progress: progressLine() });
    const count = (action: AppliedChange['action']) => applied.filter((change) => change.action === action).length;
    this.log(style.green(`Apply complete: ${count('create')} created, ${count('update')} updated, ${count('delete')} deleted.`));
    return { dry_run: false, summary: plan.summary, applied };
  }

  /** A saved plan (checked to be one, for this server), or a fresh plan of the folder with the client that made it. */
  async #planFor(
    source: string,
    savedPlan: boolean,
    flags: { server?: string; environment?: string; prune: boolean },
  ): Promise<{ plan: Plan; dir: string; api?: ApiClient }> {
    if (savedPlan) {
      const plan = readSavedPlan(source);
      if (flags.server !== undefined && (await import('../../api/client.js')).apiBaseUrl(flags.server) !== plan.server) {
        throw new UsageError(`${source} was planned against ${plan.server}, not ${flags.server}`);
      }
      return { plan, dir: path.dirname(path.resolve(source)) };
    }
    const repository = await this.readRepository(source, flags.environment);
    if (flags.prune && repository.owner === null)
      throw new UsageError('--prune needs an ownership label: set `owner` in acctl.yaml', ["Prune deletes only policies carrying this repository's label"]);
    const api = await this.apiFor(repository, flags.server);
    const { planFolder } = await import('../../gitops/plan-folder.js');
    return { plan: await planFolder(api, repository, { prune: flags.prune, now: new Date() }), dir: repository.dir, api };
  }
}

function readSavedPlan(file: string): Plan {
  let plan: Partial<Plan>;
  try {
    plan = JSON.parse(readFileSync(file, 'utf8')) as Partial<Plan>;
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (plan.format !== 1 || typeof plan.server !== 'string' || !Array.isArray(plan.changes) || plan.summary === undefined) {
    throw new UsageError(`${file} is not a plan saved by acctl policy plan --out`);
  }
  return plan as Plan;
}

/** "Applying 120/1000" rewritten in place on stderr, only on a terminal (CI logs get the final line only). */
function progressLine(): ((done: number, total: number) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  return (done, total) => {
    process.stderr.write(`\rApplying ${done}/${total}`);
    if (done === total) process.stderr.write('\n');
  };
}

import { Args, Flags } from '@oclif/core';
import type { DecisionList, DecisionRecord } from '../../../../core/src/index.js';
import { GateCommand } from '../../base/gate-command.js';
import { UsageError, gateExitCodes } from '../../../../kit/src/index.js';
import { policyReportFormatFlag } from '../../flags/policy-report-format.js';
import { parseTimeFlag } from '../../flags/time.js';
import { writeReport } from '../../policy-files/command-support.js';
import type { ImpactJson } from '../../policy-files/report/json.js';

/** Decisions replayed at most unless --limit says otherwise: a day of a busy service, fetched in 20 pages. */
export const defaultImpactLimit = 10_000;
/** GET /decisions' largest page (schemas/decision-list-query.json). */
const decisionPageSize = 500;

export default class PolicyImpact extends GateCommand {
  static override summary = 'Replay recent decisions against the local policy files and list those that would flip';
  static override description = [
    "An impact check for pull requests: the decisions the server recorded in a period (GET /v1/decisions) are replayed offline, with the server's engine, against the policies as they would be after applying the folder's files, and compared with a replay against the server's current policies. Each decision is replayed at the time it was made, with the request as it was evaluated (the stored principal attributes of that moment included).",
    "The policies after apply are those `acctl policy plan` plans for the same folder (and --prune): each create, update (a file without status is a draft, as apply writes it) and, with --prune, delete is applied to the server's policies; the others stay as they are. Only active policies are enforced. A plan with a blocked policy (its name held by another owner label) is refused, as apply refuses it.",
    "Flips are listed deny → allow first (access that widens), then allow → deny, each with the rule that makes the difference. Decisions that came out differently when recorded, because the server's policies changed since, are counted apart and are not flips.",
    `The newest --limit decisions of the period are replayed (default ${defaultImpactLimit}); the summary says when the limit cut the period short. Needs read:policies and read:audit.`,
    "Formats: human, json, github (an annotation per rule on its line, and the markdown report appended to $GITHUB_STEP_SUMMARY), junit (a failing case per rule), markdown (a pull-request comment, summary first, details folded, under GitHub's 65,535 characters).",
    `Exit codes: ${gateExitCodes.passed} when no decision would flip, ${gateExitCodes.flagged} when any would, ${gateExitCodes.error} on any error.`,
  ].join('\n\n');

  static override examples = [
    '<%= config.bin %> <%= command.id %> policies/',
    '<%= config.bin %> <%= command.id %> policies/ --since 7d --limit 50000',
    '<%= config.bin %> <%= command.id %> --since 2026-11-20T00:00:00Z --until 2026-11-21T00:00:00Z --format junit > impact.xml',
    '<%= config.bin %> <%= command.id %> policies/ --format markdown > comment.md',
  ];

  static override args = { dir: Args.string({ description: 'The folder of policy files (default: the current folder).' }) };
  static override flags = {
    since: Flags.string({
      summary: 'Start of the period: a duration back from now (30m, 24h, 7d) or an ISO 8601 time.',
      default: '24h',
      helpValue: 'DURATION|TIME',
    }),
    until: Flags.string({ summary: 'End of the period (excluded), in the same forms. Default: now.', helpValue: 'DURATION|TIME' }),
    limit: Flags.integer({
      summary: 'Replay at most this many decisions, the newest of the period.',
      helpValue: 'N',
      min: 1,
      max: 1_000_000,
      default: defaultImpactLimit,
    }),
    prune: Flags.boolean({
      default: false,
      summary: "Replay as acctl policy plan --prune plans: the policies with this repository's owner label that are gone from its files are deleted.",
    }),
    ...policyReportFormatFlag(),
  };

  public async run(): Promise<ImpactJson> {
    const { args, flags } = await this.parse(PolicyImpact);
    const now = new Date();
    const since = parseTimeFlag('since', flags.since, now);
    const until = flags.until === undefined ? now : parseTimeFlag('until', flags.until, now);
    if (since >= until) throw new UsageError(`--since (${since.toISOString()}) must be before --until (${until.toISOString()})`);

    const [{ readPolicyRepository }, { planFolder }, { readServerPolicies }, { refuseBlockedPlan }, pf] = await Promise.all([
      import('../../gitops/repository.js'),
      import('../../gitops/plan-folder.js'),
      import('../../gitops/server-policies.js'),
      import('../../gitops/plan.js'),
      import('../../policy-files/index.js'),
    ]);
    // The folder as plan reads it (a lint error stops the run), and the plan plan would show: the set after apply is built from it.
    const repository = await readPolicyRepository(args.dir ?? '.', undefined);
    // The server plan plans against (flags/server-choice.ts): --server / ACCTL_SERVER, else acctl.yaml's, else the profile's.
    const api = await this.api(flags.server, { repository: { from: repository.dir } });
    const plan = await planFolder(api, repository, { prune: flags.prune, now });
    refuseBlockedPlan(plan, 'apply would refuse this plan, so impact replays nothing');
    const server = await readServerPolicies(api);
    this.say(
      `${server.length} stored policies (${server.filter((policy) => policy.status === 'active').length} active); reading decisions from ${since.toISOString()} to ${until.toISOString()}…`,
    );

    const records: DecisionRecord[] = [];
    let cursor: string | null = null;
    let truncated = false;
    do {
      const page: DecisionList = await api.call('get', '/decisions', {
        query: {
          since: since.toISOString(),
          until: until.toISOString(),
          limit: Math.min(decisionPageSize, flags.limit - records.length + 1),
          ...(cursor === null ? {} : { cursor }),
        },
      });
      records.push(...page.data);
      cursor = page.next_cursor;
      if (records.length > flags.limit) {
        truncated = true;
        records.length = flags.limit;
        break;
      }
    } while (cursor !== null);

    const policies = pf.plannedPolicies(server, plan);
    const run = pf.replayDecisions(records, policies, repository.files);
    const outcome = {
      run,
      since: since.toISOString(),
      until: until.toISOString(),
      limit: flags.limit,
      truncated,
      oldest: records.at(-1)?.timestamp ?? null,
      changes: policies.changes,
      flagged: run.flips.length > 0,
    };
    const json = pf.impactJson(outcome);
    writeReport((text) => this.log(text), flags.format, {
      human: (paint) => pf.impactHuman(outcome, paint),
      json: () => json,
      github: () => pf.impactGithub(outcome),
      junit: () => pf.impactJunit(outcome),
      markdown: () => pf.impactMarkdown(outcome),
    });
    return this.finishGate(json, outcome.flagged);
  }
}

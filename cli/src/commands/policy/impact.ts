import { Args, Flags } from '@oclif/core';
import type { DecisionList, DecisionRecord } from '../../../../core/src/index.js';
import { GateCommand } from '../../base/gate-command.js';
import { UsageError, gateExitCodes } from '../../../../kit/src/index.js';
import { policyReportFormatFlag } from '../../flags/policy-report-format.js';
import { parseTimeFlag } from '../../flags/time.js';
import { loadPolicyFileSet, writeReport } from '../../policy-files/command-support.js';
import type { ImpactJson } from '../../policy-files/report/json.js';
import { fetchPolicies, listPolicies } from '../../stored-policies/lookup.js';

/** Decisions replayed at most unless --limit says otherwise: a day of a busy service, fetched in 20 pages. */
export const defaultImpactLimit = 10_000;
/** GET /decisions' largest page (schemas/decision-list-query.json). */
const decisionPageSize = 500;

export default class PolicyImpact extends GateCommand {
  static override summary = 'Replay recent decisions against the local policy files and list those that would flip';
  static override description = [
    "An impact check for pull requests: the decisions the server recorded in a period (GET /v1/decisions) are replayed offline, with the server's engine, against the policies as they would be after applying the folder's files, and compared with a replay against the server's current policies. Each decision is replayed at the time it was made, with the request as it was evaluated (the stored principal attributes of that moment included).",
    "The policies after apply: a local policy replaces the stored policy of the same name (or is added); stored policies without a local file stay as they are. A local file without status keeps the stored policy's status, or is a draft when new. Only active policies are enforced.",
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
    ...policyReportFormatFlag(),
  };

  public async run(): Promise<ImpactJson> {
    const { args, flags } = await this.parse(PolicyImpact);
    const now = new Date();
    const since = parseTimeFlag('since', flags.since, now);
    const until = flags.until === undefined ? now : parseTimeFlag('until', flags.until, now);
    if (since >= until) throw new UsageError(`--since (${since.toISOString()}) must be before --until (${until.toISOString()})`);

    const set = await loadPolicyFileSet(args.dir === undefined ? [] : [args.dir]);
    const pf = await import('../../policy-files/index.js');
    const loaded = pf.loadFiles(set.selected);
    const errors = [...loaded.findings.filter((finding) => finding.severity === 'error'), ...pf.duplicateNames(loaded.parsed)];
    if (errors.length > 0) {
      const shown = errors.slice(0, 5).map((finding) => `${pf.locationOf(finding)} ${finding.message}`);
      throw new UsageError(
        `The policy files have ${errors.length === 1 ? 'an error' : `${errors.length} errors`}: ${shown.join('; ')}${errors.length > 5 ? '; …' : ''}`,
        ['acctl policy lint shows them all'],
      );
    }
    const local = loaded.policies;
    if (local.length === 0) throw new UsageError(`No policy files in ${args.dir ?? 'the current folder'} (only tests or configuration)`);

    const api = await this.api(flags.server, { repository: { from: args.dir ?? '.' } });
    const stored = await listPolicies(api);
    const active = await fetchPolicies(
      api,
      stored.filter((item) => item.status === 'active'),
    );
    const rulesById = new Map(active.map((policy) => [policy.id, policy.rules]));
    const server = stored.map((item) => ({
      id: item.id,
      name: item.name,
      status: item.status as 'draft' | 'active' | 'archived',
      version: item.version,
      ...(rulesById.has(item.id) ? { rules: rulesById.get(item.id)! } : {}),
    }));
    this.say(`${stored.length} stored policies (${active.length} active); reading decisions from ${since.toISOString()} to ${until.toISOString()}…`);

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

    const policies = pf.plannedPolicies(server, local);
    const run = pf.replayDecisions(records, policies, local);
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

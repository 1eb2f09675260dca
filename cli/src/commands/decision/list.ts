import { Flags } from '@oclif/core';
import type { DecisionList, DecisionListQuery, DecisionRecord } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { UsageError, style, renderTable } from '../../../../kit/src/index.js';
import { parseTimeFlag } from '../../flags/time.js';
import { formatAssignments, shortTime } from '../../ux/resource-display.js';

/** GET /decisions' largest page (schemas/decision-list-query.json). */
const largestPage = 500;

/**
 * `acctl decision list`: GET /v1/decisions, newest first. Pages are followed until --limit
 * records, and the cursor to go on from is said on stderr, as `acctl audit events` does (itself
 * after `gh run list --limit`: one number for how many, the pages are the command's business).
 */
export default class DecisionListCommand extends ApiCommand {
  static override summary = 'List recorded decisions, newest first';
  static override description =
    'Filters combine (AND). Pages of the API are followed until --limit decisions are shown; the status line (stderr) gives the cursor to continue from. --json prints { data, next_cursor }, as the API does. Needs read:audit.';
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --decision deny --since 1h',
    '<%= config.bin %> <%= command.id %> --principal-id alice --action read --limit 500 --json | jq -r ".data[].id"',
  ];
  static override flags = {
    since: Flags.string({ summary: 'Decisions made at or after: a duration back from now (30m, 24h, 7d) or an ISO 8601 time.', helpValue: 'DURATION|TIME' }),
    until: Flags.string({ summary: 'Decisions made before this time, in the same forms.', helpValue: 'DURATION|TIME' }),
    decision: Flags.string({ summary: 'Only allows or only denies.', options: ['allow', 'deny'] }),
    'principal-id': Flags.string({ summary: "The principal's id as the request gave it." }),
    action: Flags.string({ summary: 'Only decisions on this action.' }),
    'resource-type': Flags.string({ summary: 'Only decisions on resources of this type.' }),
    limit: Flags.integer({ summary: 'Show at most this many decisions (pages are followed to reach it).', default: 50, min: 1, max: 100_000 }),
    cursor: Flags.string({ summary: 'Continue from the next_cursor of an earlier run.', helpValue: 'CURSOR' }),
  };

  public async run(): Promise<DecisionList> {
    const { flags } = await this.parse(DecisionListCommand);
    const now = new Date();
    const since = flags.since === undefined ? undefined : parseTimeFlag('since', flags.since, now);
    const until = flags.until === undefined ? undefined : parseTimeFlag('until', flags.until, now);
    if (since && until && since >= until) throw new UsageError(`--since (${since.toISOString()}) must be before --until (${until.toISOString()})`);
    const api = await this.api(flags.server);
    const data: DecisionRecord[] = [];
    let cursor: string | null | undefined = flags.cursor;
    do {
      const query: DecisionListQuery & Record<string, string | number | undefined> = {
        ...(since ? { since: since.toISOString() } : {}),
        ...(until ? { until: until.toISOString() } : {}),
        ...(flags.decision ? { decision: flags.decision as 'allow' | 'deny' } : {}),
        ...(flags['principal-id'] ? { principal_id: flags['principal-id'] } : {}),
        ...(flags.action ? { action: flags.action } : {}),
        ...(flags['resource-type'] ? { resource_type: flags['resource-type'] } : {}),
        ...(cursor ? { cursor } : {}),
        limit: Math.min(largestPage, flags.limit - data.length),
      };
      const page: DecisionList = await api.call('get', '/decisions', { query });
      data.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor && data.length < flags.limit);
    const list: DecisionList = { data, next_cursor: cursor ?? null };

    if (data.length === 0) {
      this.log(style.dim('No decisions match.'));
    } else {
      this.log(
        renderTable(
          [
            { header: 'TIME', value: (record: DecisionRecord) => shortTime(record.timestamp) },
            { header: 'ID', value: (record) => record.id },
            { header: 'DECISION', value: (record) => (record.decision === 'allow' ? style.green('allow') : style.red('deny')) },
            {
              header: 'PRINCIPAL',
              value: (record) => `${record.request.principal.type}${record.request.principal.id ? ` ${record.request.principal.id}` : ''}`,
            },
            { header: 'ACTION', value: (record) => record.request.action },
            { header: 'RESOURCE', value: (record) => `${record.request.resource.type}:${record.request.resource.identifier}` },
            { header: 'CONTEXT', value: (record) => formatAssignments(record.request.context) },
          ],
          data,
        ),
      );
    }
    this.say(list.next_cursor ? `${data.length} decisions shown; more with --cursor ${list.next_cursor}` : `${data.length} decisions (no more)`);
    return list;
  }
}

import { Args } from '@oclif/core';
import type { DecisionOrPlanRecord } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { planLines } from '../../ux/plan-display.js';
import { decisionLines, formatAssignments, shortTime } from '../../ux/resource-display.js';
import { keyValueLines } from '../../../../kit/src/index.js';

export default class DecisionGet extends ApiCommand {
  static override summary = 'Show a recorded decision or query plan with its request';
  static override description =
    'Who asked, the request as evaluated (stored principal attributes merged under the inline ones) and the result; for a query plan (decision plan), the plan. Needs the read:audit scope. --json prints the API answer.';
  static override examples = ['<%= config.bin %> <%= command.id %> 9a8b7c6d-5e4f-3a2b-1c0d-e9f8a7b6c5d4'];
  static override args = { id: Args.string({ required: true, description: 'The decision id (from decision evaluate), or a plan id (from decision plan).' }) };

  public async run(): Promise<DecisionOrPlanRecord> {
    const { args, flags } = await this.parse(DecisionGet);
    const record = await (await this.api(flags.server)).call('get', '/decisions/{id}', { path: { id: args.id } });
    const { principal, resource, action, context } = record.request;
    this.log(
      [
        ...keyValueLines([
          ['time', shortTime(record.timestamp)],
          ['caller', `${record.caller.subject}${record.caller.client_id ? ` (client ${record.caller.client_id})` : ''}`],
          ['principal', `${principal.type}${principal.id ? ` ${principal.id}` : ''} ${formatAssignments(principal.attributes)}`],
          ['resource', 'identifier' in resource ? `${resource.type}:${resource.identifier}` : `${resource.type} (any: a query plan)`],
          ['action', action],
          ['context', formatAssignments(context)],
        ]),
        ...('kind' in record ? planLines(record.result) : decisionLines(record.result)),
      ].join('\n'),
    );
    return record;
  }
}

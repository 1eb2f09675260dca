import { Flags } from '@oclif/core';
import type { WebhookDeliveryList } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { paginationFlags } from '../../flags/pagination.js';
import { webhookIdArg } from '../../flags/webhook.js';
import { describePage } from '../../ux/resource-display.js';
import { style } from '../../../../kit/src/index.js';
import { attemptLines, deliveryTable } from '../../ux/webhook-display.js';

export default class WebhookDeliveriesCommand extends ApiCommand {
  static override summary = 'Show the delivery log of a webhook: each event, its status and attempts';
  static override description =
    "Newest first, one page at a time. STATUS is pending (an attempt is due or scheduled; NEXT says when), succeeded or failed (every attempt failed, or the webhook was disabled); LAST is the last attempt's answer or error. --attempts lists every attempt under its delivery. --json prints the API answer, attempts included.";
  static override examples = [
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b',
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b --status failed --attempts',
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b --status failed --json | jq -r ".data[].id"',
  ];
  static override args = webhookIdArg;
  static override flags = {
    status: Flags.option({ summary: 'Only deliveries in this status.', options: ['pending', 'succeeded', 'failed'] as const })(),
    attempts: Flags.boolean({ summary: 'List every attempt of each delivery.' }),
    ...paginationFlags,
  };

  public async run(): Promise<WebhookDeliveryList> {
    const { args, flags } = await this.parse(WebhookDeliveriesCommand);
    const list = await (
      await this.api(flags.server)
    ).call('get', '/webhooks/{id}/deliveries', {
      path: { id: args.id },
      query: { status: flags.status, page: flags.page, limit: flags.limit },
    });
    if (list.data.length === 0) {
      this.log(style.dim('No deliveries match.'));
    } else {
      // One table (one set of column widths), each delivery's row followed by its attempts.
      const [header, ...rows] = deliveryTable(list.data).split('\n');
      this.log([header!, ...rows.flatMap((row, i) => (flags.attempts ? [row, ...attemptLines(list.data[i]!)] : [row]))].join('\n'));
    }
    this.say(describePage(list.pagination));
    return list;
  }
}

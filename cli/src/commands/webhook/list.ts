import type { WebhookList } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { paginationFlags } from '../../flags/pagination.js';
import { describePage } from '../../ux/resource-display.js';
import { style } from '../../../../kit/src/index.js';
import { webhookTable } from '../../ux/webhook-display.js';

export default class WebhookListCommand extends ApiCommand {
  static override summary = 'List webhooks';
  static override description =
    'Newest first, one page at a time, never with their signing secrets. Needs admin:all. --json prints the API answer: { data, pagination }.';
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq -r ".data[] | select(.enabled == false) | .id"',
  ];
  static override flags = { ...paginationFlags };

  public async run(): Promise<WebhookList> {
    const { flags } = await this.parse(WebhookListCommand);
    const list = await (await this.api(flags.server)).call('get', '/webhooks', { query: { page: flags.page, limit: flags.limit } });
    this.log(list.data.length === 0 ? style.dim('No webhooks.') : webhookTable(list.data));
    this.say(describePage(list.pagination));
    return list;
  }
}

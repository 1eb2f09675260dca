import type { Webhook } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { webhookIdArg } from '../../flags/webhook.js';
import { webhookLines } from '../../ux/webhook-display.js';

export default class WebhookGetCommand extends ApiCommand {
  static override summary = 'Show a webhook (without its secret)';
  static override description = 'Its URL, event types, and whether it is enabled (and why the service disabled it, if it did).';
  static override examples = [
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b',
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b --json',
  ];
  static override args = webhookIdArg;

  public async run(): Promise<Webhook> {
    const { args, flags } = await this.parse(WebhookGetCommand);
    const webhook = await (await this.api(flags.server)).call('get', '/webhooks/{id}', { path: { id: args.id } });
    this.log(webhookLines(webhook).join('\n'));
    return webhook;
  }
}

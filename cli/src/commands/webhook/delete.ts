import { ApiCommand } from '../../base/api-command.js';
import { webhookIdArg } from '../../flags/webhook.js';
import type { CliWebhookDeleteOutput } from '../../../../core/src/index.js';

/** What --json prints, without format_version: the type is generated from schemas/cli/ (npm run gen:types), the schema being the one source. */
export type WebhookDeleteResult = Omit<CliWebhookDeleteOutput, 'format_version'>;

export default class WebhookDeleteCommand extends ApiCommand {
  static override summary = 'Delete a webhook and its delivery log';
  static override description = 'Deliveries still queued for it are dropped. Exits 4 when there is no such webhook.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b',
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b --json',
  ];
  static override args = webhookIdArg;

  public async run(): Promise<WebhookDeleteResult> {
    const { args, flags } = await this.parse(WebhookDeleteCommand);
    await (await this.api(flags.server)).call('delete', '/webhooks/{id}', { path: { id: args.id } });
    this.log(`Deleted webhook ${args.id}`);
    return { id: args.id, deleted: true };
  }
}

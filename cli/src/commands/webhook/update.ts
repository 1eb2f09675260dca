import { Flags } from '@oclif/core';
import type { Webhook, WebhookUpdateRequest } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { UsageError } from '../../../../kit/src/index.js';
import { describedFlags, eventFlag, webhookIdArg } from '../../flags/webhook.js';
import { webhookLines } from '../../ux/webhook-display.js';

export default class WebhookUpdateCommand extends ApiCommand {
  static override summary = 'Change a webhook: URL, event types, description, enabled';
  static override description =
    'Only what you pass changes; --event replaces the whole list. --enable turns a webhook the service disabled (after failed deliveries) back on and forgets its failures; --disable stops its deliveries.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b --enable',
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b --url https://hooks.example.com/v2 --event "*" --json',
  ];
  static override args = webhookIdArg;
  static override flags = {
    url: Flags.string({ summary: 'The new URL.', helpValue: 'URL' }),
    ...eventFlag(false),
    ...describedFlags,
    enable: Flags.boolean({ summary: 'Turn it on (again).', exclusive: ['disable'] }),
    disable: Flags.boolean({ summary: 'Stop its deliveries.', exclusive: ['enable'] }),
  };

  public async run(): Promise<Webhook> {
    const { args, flags } = await this.parse(WebhookUpdateCommand);
    const body: WebhookUpdateRequest = {
      ...(flags.url === undefined ? {} : { url: flags.url }),
      ...(flags.event === undefined ? {} : { event_types: flags.event as WebhookUpdateRequest['event_types'] }),
      ...(flags.description === undefined ? {} : { description: flags.description }),
      ...(flags.enable ? { enabled: true } : flags.disable ? { enabled: false } : {}),
    };
    if (Object.keys(body).length === 0) throw new UsageError('Nothing to change', ['Pass --url, --event, --description, --enable or --disable']);
    const webhook = await (await this.api(flags.server)).call('patch', '/webhooks/{id}', { path: { id: args.id }, body });
    this.say(`Updated webhook ${webhook.id}`);
    this.log(webhookLines(webhook).join('\n'));
    return webhook;
  }
}

import { Flags } from '@oclif/core';
import type { WebhookCreated, WebhookCreateRequest } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { describedFlags, eventFlag } from '../../flags/webhook.js';
import { keyValueLines, style } from '../../../../kit/src/index.js';
import { webhookLines } from '../../ux/webhook-display.js';

export default class WebhookCreateCommand extends ApiCommand {
  static override summary = 'Create a webhook; prints its signing secret once';
  static override description =
    'Deliveries are POSTed to --url, signed as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature headers). The signing secret (whsec_...) is printed this once and never shown again: store it where the receiver can read it. The server refuses URLs that are not https, or that resolve to private addresses, unless it is configured to allow them. Needs admin:all.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> --url https://hooks.example.com/acctl --event policy.created --event policy.updated',
    '<%= config.bin %> <%= command.id %> --url https://hooks.example.com/acctl --event "*" --description "SIEM" --json | jq -r .secret',
  ];
  static override flags = {
    url: Flags.string({ summary: 'Where deliveries are POSTed (https, public).', required: true, helpValue: 'URL' }),
    ...eventFlag(true),
    ...describedFlags,
    disabled: Flags.boolean({ summary: 'Create it disabled: no deliveries until acctl webhook update --enable.' }),
  };

  public async run(): Promise<WebhookCreated> {
    const { flags } = await this.parse(WebhookCreateCommand);
    const body: WebhookCreateRequest = {
      url: flags.url,
      event_types: flags.event as WebhookCreateRequest['event_types'],
      ...(flags.description === undefined ? {} : { description: flags.description }),
      ...(flags.disabled ? { enabled: false } : {}),
    };
    const webhook = await (await this.api(flags.server)).call('post', '/webhooks', { body });
    const { secret, ...shown } = webhook;
    this.say(`Created webhook ${webhook.id}`);
    this.log(webhookLines(shown).join('\n'));
    this.log('');
    this.log(keyValueLines([['signing secret', style.bold(secret)]]).join('\n'));
    this.log(style.yellow('Store this secret now: it will not be shown again.'));
    return webhook;
  }
}

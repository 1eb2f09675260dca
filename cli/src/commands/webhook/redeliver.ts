import { Args } from '@oclif/core';
import type { WebhookDelivery } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { webhookIdArg } from '../../flags/webhook.js';

export default class WebhookRedeliverCommand extends ApiCommand {
  static override summary = 'Send a delivery again now (one more attempt, or its pending retry made due)';
  static override description =
    'Same webhook-id header and body as the original, so a receiver that deduplicates sees it as the same message. A pending delivery whose retry is scheduled later is made due now. Exits 5 (conflict) while the webhook is disabled. Delivery ids come from acctl webhook deliveries.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> WEBHOOK_ID DELIVERY_ID',
    '<%= config.bin %> <%= command.id %> WEBHOOK_ID DELIVERY_ID --json | jq -r .status',
  ];
  static override args = { ...webhookIdArg, delivery: Args.string({ required: true, description: 'The delivery id.' }) };

  public async run(): Promise<WebhookDelivery> {
    const { args, flags } = await this.parse(WebhookRedeliverCommand);
    const delivery = await (
      await this.api(flags.server)
    ).call('post', '/webhooks/{id}/deliveries/{delivery_id}/redeliver', { path: { id: args.id, delivery_id: args.delivery } });
    this.log(`Queued delivery ${delivery.id} (${delivery.event_type}) for another attempt; follow it with acctl webhook deliveries ${args.id}`);
    return delivery;
  }
}

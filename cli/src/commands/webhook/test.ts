import type { WebhookTestResult } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { exitCodes, errorStyle } from '../../../../kit/src/index.js';
import { webhookIdArg } from '../../flags/webhook.js';
import { testResultLines } from '../../ux/webhook-display.js';

export default class WebhookTestCommand extends ApiCommand {
  static override summary = 'Send a webhook.test event now and show how the receiver answered';
  static override description =
    'Sent at once, signed like every delivery, not queued nor retried; works on a disabled webhook too. Exits 0 when the receiver answered 2xx, 11 when it did not (the result is printed either way; with --json it is the document).';
  static override examples = [
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b',
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b --json | jq .status_code',
  ];
  static override args = webhookIdArg;

  public async run(): Promise<WebhookTestResult> {
    const { args, flags } = await this.parse(WebhookTestCommand);
    const result = await (await this.api(flags.server)).call('post', '/webhooks/{id}/test', { path: { id: args.id } });
    this.log(testResultLines(result).join('\n'));
    // The call worked and the answer is a failure: the result stays the one JSON document, the exit code says it.
    if (!result.success) {
      if (!this.jsonEnabled()) this.logToStderr(errorStyle.red(`The receiver did not accept the test event: ${result.error ?? `HTTP ${result.status_code}`}`));
      process.exitCode = exitCodes.delivery_failed;
    }
    return result;
  }
}

import type { Config } from '../../config/config.js';
import type { DisableRule } from './disable-rule.js';
import type { RetrySchedule } from './retry-schedule.js';
import type { SendSettings } from './send-signed.js';

/** Everything webhooks take from configuration, read in one place. */
export interface WebhookSettings {
  send: SendSettings;
  schedule: RetrySchedule;
  disableRule: DisableRule;
  concurrency: number;
  pollingIntervalSeconds: number;
}

export function webhookSettings(config: Readonly<Config>): WebhookSettings {
  return {
    send: {
      policy: { allowHttp: config.webhooksAllowHttp, allowPrivateNetworks: config.webhooksAllowPrivateNetworks },
      timeoutMs: config.webhookTimeoutMs,
      keyEncryptionKey: config.keyEncryptionKey,
    },
    schedule: { maxAttempts: config.webhookMaxAttempts, baseDelayMs: config.webhookRetryBaseDelayMs, maxDelayMs: config.webhookRetryMaxDelayMs },
    disableRule: { afterFailedDeliveries: config.webhookDisableAfterFailedDeliveries, afterFailingMs: config.webhookDisableAfterFailingSeconds * 1000 },
    concurrency: config.webhookConcurrency,
    pollingIntervalSeconds: config.webhookPollingIntervalSeconds,
  };
}

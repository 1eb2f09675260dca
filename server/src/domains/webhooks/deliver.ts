import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction-retry.js';
import type { ResolveHost } from '../../security/destination.js';
import { disableReason } from './disable-rule.js';
import * as repo from './repo.js';
import { retryDelayMs } from './retry-schedule.js';
import { sendSigned } from './send-signed.js';
import { toWebhook } from './service.js';
import type { WebhookSettings } from './settings.js';
import type { AuditLog } from '../audit/index.js';
import { webhookDisabledEvent } from './webhook-events.js';

/** Room beyond the receiver's timeout before another worker may take a claimed delivery. */
const leaseMarginMs = 30_000;

export interface DeliveryWorkerDeps {
  db: Knex;
  /** Records webhook.disabled in the attempt's transaction. */
  auditLog: Pick<AuditLog, 'append'>;
  settings: WebhookSettings;
  resolveHost?: ResolveHost;
  /** Aborted at shutdown: the attempt in flight is given back, not counted. */
  signal?: AbortSignal;
  /** Told after a retry is scheduled, so this replica can wake up for it without waiting to poll. */
  onRetryScheduled?: (delayMs: number) => void;
}

export type AttemptOutcome = 'succeeded' | 'retry_scheduled' | 'failed' | 'released' | 'skipped';

/** How long a claim holds a delivery and its webhook's turn: the attempt's deadline and a margin. */
export function leaseMsOf(settings: WebhookSettings): number {
  return settings.send.timeoutMs + leaseMarginMs;
}

/**
 * One attempt of a delivery claimed by repo.claimNextDelivery (plugin.ts's dispatcher), and its
 * result. At-least-once: a crash after the receiver answered but before the result is written
 * means the attempt is made again when the lease ends, with the same webhook-id.
 */
export async function attemptDelivery(deps: DeliveryWorkerDeps, claimed: repo.ClaimedDelivery): Promise<AttemptOutcome> {
  const { db, settings } = deps;
  const { delivery, webhook, event } = claimed;
  const attempt = delivery.attempt_count + 1;
  const startedAt = new Date();
  const result = await sendSigned(webhook, event.id, event.body, settings.send, {
    ...(deps.resolveHost ? { resolveHost: deps.resolveHost } : {}),
    ...(deps.signal ? { signal: deps.signal } : {}),
  });
  if (result.aborted) {
    // Shutdown: the attempt is given back uncounted; another replica, or this one after its
    // restart, takes it at the webhook's next turn.
    await inTransaction(db, async (trx) => {
      if (!(await repo.lockWebhook(trx, webhook.id))) return;
      await repo.releaseDelivery(trx, delivery.id);
      await repo.endTurn(trx, webhook.id);
    });
    return 'released';
  }

  let retryInMs: number | null = null;
  const outcome = await inTransaction(db, async (trx): Promise<AttemptOutcome> => {
    retryInMs = null;
    // The webhook's row first, then the delivery's (ARCHITECTURE.md "Lock order"): a delete of the
    // webhook, or another attempt disabling it, locks the row and then its deliveries; an attempt
    // that locked its delivery first would wait for the row while they wait for the delivery.
    const locked = await repo.lockWebhook(trx, webhook.id);
    if (!locked) return 'skipped'; // deleted meanwhile, with its deliveries
    await repo.endTurn(trx, webhook.id);
    await repo.insertAttempt(trx, {
      delivery_id: delivery.id,
      attempt,
      started_at: startedAt,
      status_code: result.statusCode,
      latency_ms: result.latencyMs,
      error: result.error,
      response_excerpt: result.responseExcerpt,
    });
    const last = { attempt_count: attempt, last_status_code: result.statusCode, last_latency_ms: result.latencyMs, last_error: result.error };
    if (result.ok) {
      await repo.finishDelivery(trx, delivery.id, { status: 'succeeded', ...last });
      await repo.noteSuccess(trx, webhook.id);
      return 'succeeded';
    }

    // A manual redelivery (attempt_limit set) is one attempt, and does not count towards disabling.
    const manual = delivery.attempt_limit !== null;
    retryInMs = attempt < (delivery.attempt_limit ?? settings.schedule.maxAttempts) ? retryDelayMs(settings.schedule, attempt) : null;
    // Disabled while the attempt was in flight: its pending deliveries were failed then, and no
    // worker claims a disabled webhook's, so a retry scheduled now would wait for a re-enable.
    if (!locked.enabled) retryInMs = null;
    if (retryInMs !== null) {
      await repo.scheduleAttempt(trx, delivery.id, retryInMs, last);
    } else {
      await repo.finishDelivery(trx, delivery.id, { status: 'failed', ...last });
    }

    const health = await repo.noteFailure(trx, webhook.id, retryInMs === null && !manual);
    const reason = health ? disableReason(health, settings.disableRule, new Date()) : null;
    if (reason) {
      const disabled = await repo.disableWebhook(trx, webhook.id, reason, new Date());
      if (disabled) {
        await repo.failPendingDeliveries(trx, webhook.id, 'webhook disabled');
        await deps.auditLog.append(trx, [webhookDisabledEvent(toWebhook(webhook), toWebhook(disabled), reason)]);
        retryInMs = null;
      }
    }
    return retryInMs !== null ? 'retry_scheduled' : 'failed';
  });
  if (retryInMs !== null) deps.onRetryScheduled?.(retryInMs);
  return outcome;
}

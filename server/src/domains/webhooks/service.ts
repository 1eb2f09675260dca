import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction-retry.js';
import { ApiError } from '../../errors/api-error.js';
import type { ChangeContext } from '../../events/types.js';
import type {
  Webhook,
  WebhookCreated,
  WebhookCreateRequest,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryListQuery,
  WebhookList,
  WebhookListQuery,
  WebhookTestResult,
  WebhookUpdateRequest,
} from '../../../../core/src/index.js';
import { DestinationRefused, parseWebhookUrl, resolveDestination, type ResolveHost } from '../../security/destination.js';
import { isWebhookEvent, webhookPayload } from './payload.js';
import { isFamily, typesNamed } from '../../events/type-patterns.js';
import * as repo from './repo.js';
import { encryptSigningSecret } from './secret-store.js';
import { sendSigned } from './send-signed.js';
import type { WebhookSettings } from './settings.js';
import { generateSigningSecret } from './signature.js';
import type { AuditedDatabase, AuditLog } from '../audit/index.js';
import { webhookEvent } from './webhook-events.js';
import { paginationOf } from '../../http/listing.js';

/** What the webhook service needs: the database, the settings, and (for tests) a resolver. */
export interface WebhookServiceDeps {
  db: Knex;
  /** Records each change's events in its transaction. */
  auditLog: Pick<AuditLog, 'append'>;
  settings: WebhookSettings;
  resolveHost?: ResolveHost;
}

export async function createWebhook(deps: WebhookServiceDeps, context: ChangeContext, body: WebhookCreateRequest): Promise<WebhookCreated> {
  checkEventTypes(body.event_types);
  const url = await checkUrl(deps, body.url);
  const id = randomUUID();
  const secret = generateSigningSecret();
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.insertWebhook(trx, {
      id,
      url,
      description: body.description ?? '',
      event_types: body.event_types,
      enabled: body.enabled ?? true,
      secret_ciphertext: encryptSigningSecret(secret, deps.settings.send.keyEncryptionKey, id),
      created_by: context.actor.subject,
      created_at: context.now,
      updated_at: context.now,
      disabled_at: body.enabled === false ? context.now : null,
      disabled_reason: body.enabled === false ? `created disabled by ${context.actor.subject}` : null,
      failing_since: null,
      consecutive_failed_deliveries: 0,
    });
    const webhook = toWebhook(row);
    await deps.auditLog.append(trx, [webhookEvent('webhook.created', context, id, { before: null, after: webhook })]);
    return { ...webhook, secret };
  });
}

export async function listWebhooks(db: Knex, query: WebhookListQuery): Promise<WebhookList> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 50;
  const { rows, total } = await repo.listWebhooks(db, { page, limit });
  return { data: rows.map(toWebhook), pagination: paginationOf(total, page, limit) };
}

export async function getWebhook(db: Knex, id: string): Promise<Webhook> {
  return toWebhook(await mustFind(db, id));
}

/** PATCH: `enabled: true` turns a disabled webhook back on with a clean slate; `false` stops its deliveries. */
export async function updateWebhook(deps: WebhookServiceDeps, context: ChangeContext, id: string, body: WebhookUpdateRequest): Promise<Webhook> {
  if (body.event_types !== undefined) checkEventTypes(body.event_types);
  const url = body.url === undefined ? undefined : await checkUrl(deps, body.url);
  return inTransaction(deps.db, async (trx) => {
    const current = await repo.lockWebhook(trx, id);
    if (!current) throw notFound(id);
    const patch: Partial<repo.WebhookRow> = { updated_at: context.now };
    if (url !== undefined) patch.url = url;
    if (body.event_types !== undefined) patch.event_types = body.event_types;
    if (body.description !== undefined) patch.description = body.description;
    if (body.enabled === true && !current.enabled)
      Object.assign(patch, { enabled: true, disabled_at: null, disabled_reason: null, failing_since: null, consecutive_failed_deliveries: 0 });
    if (body.enabled === false && current.enabled)
      Object.assign(patch, { enabled: false, disabled_at: context.now, disabled_reason: `disabled by ${context.actor.subject}` });
    const row = (await repo.updateWebhook(trx, id, patch))!;
    if (!row.enabled) await repo.failPendingDeliveries(trx, id, 'webhook disabled');
    const webhook = toWebhook(row);
    await deps.auditLog.append(trx, [webhookEvent('webhook.updated', context, id, { before: toWebhook(current), after: webhook })]);
    return webhook;
  });
}

/**
 * Deletes a webhook with its delivery log; deliveries still due are dropped. One delete at a time
 * (repo.serializeWebhookDeletes): a delete holds its webhook's row exclusively and then, in its
 * outbox, locks the other webhooks that receive webhook.deleted, so two deletes would each wait
 * for the other's row (ARCHITECTURE.md "Lock order").
 */
export async function deleteWebhook({ db, auditLog }: AuditedDatabase, context: ChangeContext, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await repo.serializeWebhookDeletes(trx);
    const row = await repo.deleteWebhook(trx, id);
    if (!row) throw notFound(id);
    await auditLog.append(trx, [webhookEvent('webhook.deleted', context, id, { before: toWebhook(row), after: null })]);
  });
}

/**
 * Sends a `webhook.test` event to this webhook now, outside the queue and its retries, and
 * answers how the receiver did (as Stripe's and GitHub's "send test event"). The event is
 * recorded (audit) first; the outbox never queues webhook.test, so no other webhook gets it.
 */
export async function testWebhook(deps: WebhookServiceDeps, context: ChangeContext, id: string): Promise<WebhookTestResult> {
  const row = await mustFind(deps.db, id);
  const event = webhookEvent('webhook.test', context, id, null);
  const [recorded] = await inTransaction(deps.db, async (trx) => deps.auditLog.append(trx, [event]));
  const messageId = recorded?.id ?? randomUUID();
  const body = JSON.stringify(webhookPayload(messageId, event, context.now));
  const result = await sendSigned(row, messageId, body, deps.settings.send, deps.resolveHost ? { resolveHost: deps.resolveHost } : {});
  return {
    success: result.ok,
    message_id: messageId,
    status_code: result.statusCode,
    latency_ms: result.latencyMs,
    error: result.error,
    response_excerpt: result.responseExcerpt,
  };
}

export async function listDeliveries(db: Knex, webhookId: string, query: WebhookDeliveryListQuery): Promise<WebhookDeliveryList> {
  await mustFind(db, webhookId);
  const page = query.page ?? 1;
  const limit = query.limit ?? 50;
  const { rows, attempts, total } = await repo.listDeliveries(db, webhookId, { page, limit, ...(query.status ? { status: query.status } : {}) });
  return { data: rows.map((row) => toDelivery(row, attempts)), pagination: paginationOf(total, page, limit) };
}

/**
 * Sends a delivery again, once, with the same webhook-id and body (receivers deduplicate on the
 * id, as with any retry): after a fix on the receiver's side, as GitHub's "Redeliver". A pending
 * delivery whose next attempt is scheduled later is made due now, keeping its remaining attempts
 * (as Svix's "resend" of a message still retrying); one whose first attempt waits for an earlier
 * event to the webhook keeps its place (docs/webhooks.md "Order"), and one in flight is left to it.
 */
export async function redeliver(db: Knex, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  const row = await inTransaction(db, async (trx) => {
    // The webhook's row before the delivery's (ARCHITECTURE.md "Lock order").
    const webhook = await repo.lockWebhook(trx, webhookId);
    if (!webhook) throw notFound(webhookId);
    const delivery = await repo.lockDelivery(trx, webhookId, deliveryId);
    if (!delivery) throw new ApiError('not_found', `Webhook ${webhookId} has no delivery ${deliveryId}`);
    if (!webhook.enabled) throw new ApiError('conflict', `Webhook ${webhookId} is disabled; enable it (PATCH {"enabled": true}) before redelivering`);
    if (delivery.status === 'pending') await repo.dueNow(trx, deliveryId);
    else await repo.scheduleAttempt(trx, deliveryId, 0, { attempt_limit: delivery.attempt_count + 1 });
    return (await repo.findDelivery(trx, webhookId, deliveryId))!;
  });
  return toDelivery(row, await repo.attemptsOf(db, [row.id]));
}

/**
 * `event_types` as the schema cannot check them: a family must name at least one event webhooks
 * receive (`decision.*` names none), as the audit filter refuses a family that names no type.
 */
function checkEventTypes(types: readonly string[]): void {
  const unknown = types.filter((pattern) => isFamily(pattern) && !typesNamed(pattern).some(isWebhookEvent));
  if (unknown.length === 0) return;
  throw new ApiError('validation_failed', `No event that webhooks receive is in ${unknown.join(', ')}; docs/webhooks.md lists them`, {
    errors: unknown.map((pattern) => ({ pointer: `/event_types/${types.indexOf(pattern)}`, in: 'body', detail: `names no webhook event type: ${pattern}` })),
  });
}

async function checkUrl(deps: WebhookServiceDeps, text: string): Promise<string> {
  try {
    const url = parseWebhookUrl(text, deps.settings.send.policy);
    await resolveDestination(url, deps.settings.send.policy, deps.resolveHost);
    return url.toString();
  } catch (error) {
    if (error instanceof DestinationRefused) throw new ApiError('webhook_url_not_allowed', error.message);
    throw error;
  }
}

async function mustFind(db: Knex, id: string): Promise<repo.WebhookRow> {
  const row = await repo.findWebhook(db, id);
  if (!row) throw notFound(id);
  return row;
}

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No webhook with id ${id}`);
}

export function toWebhook(row: repo.WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types as Webhook['event_types'],
    enabled: row.enabled,
    disabled_at: row.disabled_at?.toISOString() ?? null,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
  };
}

function toDelivery(row: repo.DeliveryRow, attempts: repo.AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type as WebhookDelivery['event_type'],
    status: row.status,
    attempt_count: row.attempt_count,
    status_code: row.last_status_code,
    latency_ms: row.last_latency_ms,
    error: row.last_error,
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        attempt: attempt.attempt,
        started_at: attempt.started_at.toISOString(),
        status_code: attempt.status_code,
        latency_ms: attempt.latency_ms,
        error: attempt.error,
        response_excerpt: attempt.response_excerpt,
      })),
  };
}

import type { Knex } from 'knex';

export interface WebhookRow {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  secret_ciphertext: string;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  consecutive_failed_deliveries: number;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  /** The event's position (EventRow.position): first attempts go in this order, per webhook. */
  event_position: number;
  status: DeliveryStatus;
  attempt_count: number;
  attempt_limit: number | null;
  next_attempt_at: Date | null;
  lease_until: Date | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  started_at: Date;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

export interface EventRow {
  id: string;
  /** From the sequence webhook_event_positions, in event order (takeEventPositions). */
  position: number;
  type: string;
  body: string;
  created_at: Date;
}

// Webhooks

export async function insertWebhook(db: Knex, row: WebhookRow): Promise<WebhookRow> {
  const [inserted] = await db('webhooks').insert(row).returning('*');
  return inserted as WebhookRow;
}

export async function findWebhook(db: Knex, id: string): Promise<WebhookRow | undefined> {
  return db('webhooks').where({ id }).first() as Promise<WebhookRow | undefined>;
}

export async function listWebhooks(db: Knex, page: { page: number; limit: number }): Promise<{ rows: WebhookRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db('webhooks')
      .select('*')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db('webhooks').count<Array<{ count: string }>>({ count: '*' }),
  ]);
  return { rows: rows as WebhookRow[], total: Number(counted[0]?.count ?? 0) };
}

export async function updateWebhook(db: Knex, id: string, patch: Partial<WebhookRow>): Promise<WebhookRow | undefined> {
  const [row] = await db('webhooks').where({ id }).update(patch).returning('*');
  return row as WebhookRow | undefined;
}

/**
 * Makes the webhook deletes of concurrent transactions run one after the other: a
 * transaction-scoped advisory lock, taken first in a delete's transaction. Deletes are rare; the
 * outbox never takes this lock, so other writes do not wait for it.
 */
export async function serializeWebhookDeletes(trx: Knex.Transaction): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(?)', [webhookDeletesLock.toString()]);
}

/** The advisory lock key of webhook deletes: 'acctwhdl' in ASCII, beside the audit log's 'acctaudt'. */
const webhookDeletesLock = 0x61636374_7768646cn;

export async function deleteWebhook(db: Knex, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db('webhooks').where({ id }).delete().returning('*');
  return row as WebhookRow | undefined;
}

/** The enabled webhooks and what they subscribe to, for the outbox. */
export async function enabledSubscriptions(db: Knex): Promise<Array<Pick<WebhookRow, 'id' | 'event_types'>>> {
  return db('webhooks').where({ enabled: true }).select('id', 'event_types');
}

/**
 * Takes a key-share lock on each of these webhooks that is still enabled, in id order, and answers
 * them: what the deliveries' foreign key needs held, taken before any other lock of the outbox.
 * Waits for a webhook being deleted and then leaves it out (READ COMMITTED re-checks the row).
 */
export async function lockSubscribedWebhooks(trx: Knex.Transaction, ids: readonly string[]): Promise<Array<Pick<WebhookRow, 'id' | 'event_types'>>> {
  return trx('webhooks').whereIn('id', ids).andWhere({ enabled: true }).orderBy('id').forKeyShare().select('id', 'event_types');
}

/**
 * Locks a webhook's row for a change that keeps its id (FOR NO KEY UPDATE: the outbox's key-share
 * locks do not wait for it), before any of its deliveries: a webhook's row comes before its
 * deliveries' rows in every transaction (ARCHITECTURE.md "Lock order").
 */
export async function lockWebhook(trx: Knex.Transaction, id: string): Promise<WebhookRow | undefined> {
  return trx('webhooks').where({ id }).forNoKeyUpdate().first() as Promise<WebhookRow | undefined>;
}

/** Health after a success: the run of failures is over. */
export async function noteSuccess(db: Knex, id: string): Promise<void> {
  await db('webhooks').where({ id }).update({ failing_since: null, consecutive_failed_deliveries: 0 });
}

/** Health after a failed attempt; `exhausted` when it was the delivery's last. Returns the new health. */
export async function noteFailure(db: Knex, id: string, exhausted: boolean): Promise<WebhookRow | undefined> {
  const [row] = await db('webhooks')
    .where({ id })
    .update({
      failing_since: db.raw('COALESCE(failing_since, now())'),
      consecutive_failed_deliveries: exhausted ? db.raw('consecutive_failed_deliveries + 1') : db.raw('consecutive_failed_deliveries'),
    })
    .returning('*');
  return row as WebhookRow | undefined;
}

/** Disables an enabled webhook; undefined when it already was (so one event is raised, not two). */
export async function disableWebhook(db: Knex, id: string, reason: string, now: Date): Promise<WebhookRow | undefined> {
  const [row] = await db('webhooks')
    .where({ id, enabled: true })
    .update({ enabled: false, disabled_at: now, disabled_reason: reason, updated_at: now })
    .returning('*');
  return row as WebhookRow | undefined;
}

// Outbox

/**
 * `count` positions for the events a transaction is about to write, ascending: the outbox gives
 * them in event order. A sequence never waits for another transaction, so events of overlapping
 * transactions interleave by when each took its positions, not by when each committed.
 */
export async function takeEventPositions(db: Knex, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = (await db.raw(`SELECT nextval('webhook_event_positions') AS position FROM generate_series(1, ?::int)`, [count])) as {
    rows: Array<{ position: number }>;
  };
  return rows.map((row) => row.position).sort((a, b) => a - b);
}

export async function insertEvent(db: Knex, row: EventRow): Promise<void> {
  await db('webhook_events').insert(row);
}

export async function insertDeliveries(db: Knex, rows: DeliveryRow[]): Promise<void> {
  if (rows.length > 0) await db('webhook_deliveries').insert(rows);
}

// Deliveries

/** A claimed delivery with what an attempt needs: its webhook and the event's body. */
export interface ClaimedDelivery {
  delivery: DeliveryRow;
  webhook: WebhookRow;
  event: EventRow;
}

/**
 * The condition on a delivery `d` that its first attempt waits for: an earlier delivery of its
 * webhook (lower event position) whose first attempt has not been answered yet. Retries wait for
 * nothing (docs/webhooks.md "Order").
 */
const waitsForAnEarlierFirstAttempt = `d.attempt_count = 0 AND EXISTS (
  SELECT 1 FROM webhook_deliveries earlier
   WHERE earlier.webhook_id = d.webhook_id AND earlier.status = 'pending' AND earlier.attempt_count = 0
     AND earlier.event_position < d.event_position)`;

/**
 * Takes a due, pending delivery for one attempt: sets a lease so no other worker attempts it
 * meanwhile (a duplicate job or the sweeper), and so a worker that dies mid-attempt only delays
 * it until the lease runs out. No row lock is held during the HTTP request.
 *
 * A first attempt is not taken while an earlier first attempt of the same webhook is unanswered:
 * the job ends, and the attempt that answers the earlier one enqueues this one's (nextFirstAttempt).
 * The webhook's row is share-locked first so the check and that hand-off take turns: the result
 * of an attempt locks the row (lockWebhook) before it looks for the next delivery, so either this
 * check sees the earlier attempt answered, or that look sees this delivery (committed before its
 * job ran). Without the lock, both could miss and leave the delivery to the sweeper.
 */
export async function claimDelivery(db: Knex, id: string, leaseMs: number): Promise<ClaimedDelivery | undefined> {
  const delivery = await db.transaction(async (trx) => {
    // The webhook's row before the delivery's (ARCHITECTURE.md "Lock order").
    const locked = (await trx.raw('SELECT w.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = ? FOR SHARE OF w', [id])) as {
      rows: unknown[];
    };
    if (locked.rows.length === 0) return undefined;
    // A new statement: it sees every result committed while this transaction waited for the lock.
    const { rows } = (await trx.raw(
      `UPDATE webhook_deliveries d SET lease_until = now() + ?::numeric * interval '1 millisecond'
        WHERE d.id = ? AND d.status = 'pending' AND d.next_attempt_at <= now()
          AND (d.lease_until IS NULL OR d.lease_until < now())
          AND NOT (${waitsForAnEarlierFirstAttempt})
       RETURNING d.*`,
      [leaseMs, id],
    )) as { rows: DeliveryRow[] };
    return rows[0];
  });
  if (!delivery) return undefined;
  const [webhook, event] = await Promise.all([
    findWebhook(db, delivery.webhook_id),
    db('webhook_events').where({ id: delivery.event_id }).first() as Promise<EventRow | undefined>,
  ]);
  if (!webhook || !event) return undefined;
  return { delivery, webhook, event };
}

export async function insertAttempt(db: Knex, row: AttemptRow): Promise<void> {
  await db('webhook_delivery_attempts').insert(row);
}

/** Ends a delivery (succeeded or failed for good), with the result of its last attempt. */
export async function finishDelivery(
  db: Knex,
  id: string,
  fields: Pick<DeliveryRow, 'status' | 'attempt_count' | 'last_status_code' | 'last_latency_ms' | 'last_error'>,
): Promise<void> {
  await db('webhook_deliveries')
    .where({ id })
    .update({ ...fields, next_attempt_at: null, lease_until: null, updated_at: db.fn.now() });
}

/** Keeps a delivery pending for another attempt after `delayMs`; returns when (the database's clock). */
export async function scheduleAttempt(
  db: Knex,
  id: string,
  delayMs: number,
  fields: Partial<Pick<DeliveryRow, 'attempt_count' | 'attempt_limit' | 'last_status_code' | 'last_latency_ms' | 'last_error'>>,
): Promise<Date> {
  const [row] = (await db('webhook_deliveries')
    .where({ id })
    .update({
      ...fields,
      status: 'pending',
      next_attempt_at: db.raw(`now() + ?::numeric * interval '1 millisecond'`, [delayMs]),
      lease_until: null,
      updated_at: db.fn.now(),
    })
    .returning('next_attempt_at')) as Array<{ next_attempt_at: Date }>;
  return row!.next_attempt_at;
}

/**
 * The webhook's delivery whose first attempt goes next (the lowest event position still waiting),
 * to enqueue after an attempt answered a first attempt. Call it with the webhook's row locked
 * (lockWebhook): see claimDelivery.
 */
export async function nextFirstAttempt(trx: Knex.Transaction, webhookId: string): Promise<string | undefined> {
  const row = (await trx('webhook_deliveries').where({ webhook_id: webhookId, status: 'pending', attempt_count: 0 }).orderBy('event_position').first('id')) as
    { id: string } | undefined;
  return row?.id;
}

/** Gives a claimed delivery back untouched (the attempt was not made: shutdown). */
export async function releaseDelivery(db: Knex, id: string): Promise<void> {
  await db('webhook_deliveries').where({ id }).update({ lease_until: null });
}

/** Marks every pending delivery of a webhook as failed, without an attempt (the webhook is disabled). */
export async function failPendingDeliveries(db: Knex, webhookId: string, reason: string): Promise<void> {
  await db('webhook_deliveries')
    .where({ webhook_id: webhookId, status: 'pending' })
    .update({ status: 'failed', next_attempt_at: null, last_error: reason, updated_at: db.fn.now() });
}

export async function findDelivery(db: Knex, webhookId: string, id: string): Promise<DeliveryRow | undefined> {
  return db('webhook_deliveries').where({ webhook_id: webhookId, id }).first() as Promise<DeliveryRow | undefined>;
}

export async function lockDelivery(trx: Knex.Transaction, webhookId: string, id: string): Promise<DeliveryRow | undefined> {
  return trx('webhook_deliveries').where({ webhook_id: webhookId, id }).forUpdate().first() as Promise<DeliveryRow | undefined>;
}

export async function listDeliveries(
  db: Knex,
  webhookId: string,
  query: { page: number; limit: number; status?: DeliveryStatus },
): Promise<{ rows: DeliveryRow[]; attempts: AttemptRow[]; total: number }> {
  const filtered = (): Knex.QueryBuilder => {
    const q = db('webhook_deliveries').where({ webhook_id: webhookId });
    return query.status ? q.andWhere({ status: query.status }) : q;
  };
  const [rows, counted] = await Promise.all([
    filtered()
      .select('*')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    filtered().count<Array<{ count: string }>>({ count: '*' }),
  ]);
  const attempts = await attemptsOf(
    db,
    (rows as DeliveryRow[]).map((row) => row.id),
  );
  return { rows: rows as DeliveryRow[], attempts, total: Number(counted[0]?.count ?? 0) };
}

/** The attempts of these deliveries, in order. */
export async function attemptsOf(db: Knex, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return (await db('webhook_delivery_attempts')
    .whereIn('delivery_id', deliveryIds)
    .orderBy([{ column: 'delivery_id' }, { column: 'id' }])) as AttemptRow[];
}

/**
 * Pending deliveries overdue by more than `graceMs` and not leased: their job was lost. Not those
 * whose first attempt waits for an earlier one: that one's attempt enqueues them.
 */
export async function overdueDeliveries(db: Knex, graceMs: number, limit: number): Promise<string[]> {
  const { rows } = (await db.raw(
    `SELECT d.id FROM webhook_deliveries d
      WHERE d.status = 'pending' AND d.next_attempt_at < now() - ?::numeric * interval '1 millisecond'
        AND (d.lease_until IS NULL OR d.lease_until < now())
        AND NOT (${waitsForAnEarlierFirstAttempt})
      ORDER BY d.next_attempt_at
      LIMIT ?`,
    [graceMs, limit],
  )) as { rows: Array<{ id: string }> };
  return rows.map((row) => row.id);
}

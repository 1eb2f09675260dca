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
  /** When a worker last took this webhook's turn: the least recent goes next (claimNextDelivery). */
  last_served_at?: Date | null;
  /** Until then an attempt of this webhook is in flight (its lease): the webhook waits its turn. */
  busy_until?: Date | null;
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

/** The events of one transaction, in one statement. */
export async function insertEvents(db: Knex, rows: readonly EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.raw(
    `INSERT INTO webhook_events (id, position, type, body, created_at)
     SELECT e.id, e.position, e.type, e.body, ?::timestamptz FROM unnest(?::uuid[], ?::bigint[], ?::text[], ?::text[]) AS e(id, position, type, body)`,
    [rows[0]!.created_at, rows.map((r) => r.id), rows.map((r) => r.position), rows.map((r) => r.type), rows.map((r) => r.body)],
  );
}

/** A delivery the outbox writes: pending, or failed at once with `error` (the webhook's backlog was full). */
export interface NewDelivery {
  webhook_id: string;
  event_id: string;
  event_type: string;
  event_position: number;
  error: string | null;
}

/** The deliveries of one transaction's events, to every webhook, in one statement (not one per delivery). */
export async function insertDeliveries(db: Knex, rows: readonly NewDelivery[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.raw(
    `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, event_position, status, attempt_count, next_attempt_at, last_error, created_at, updated_at)
     SELECT gen_random_uuid(), d.webhook_id, d.event_id, d.event_type, d.event_position,
            CASE WHEN d.error = '' THEN 'pending' ELSE 'failed' END, 0,
            CASE WHEN d.error = '' THEN ?::timestamptz END, NULLIF(d.error, ''), ?::timestamptz, ?::timestamptz
       FROM unnest(?::uuid[], ?::uuid[], ?::text[], ?::bigint[], ?::text[]) AS d(webhook_id, event_id, event_type, event_position, error)`,
    [
      now,
      now,
      now,
      rows.map((r) => r.webhook_id),
      rows.map((r) => r.event_id),
      rows.map((r) => r.event_type),
      rows.map((r) => r.event_position),
      rows.map((r) => r.error ?? ''),
    ],
  );
}

/**
 * How many deliveries each of these webhooks has pending, counted up to `cap` (an index-only
 * scan of at most `cap` entries each: the outbox only needs to know the room left under it).
 */
export async function pendingCounts(trx: Knex.Transaction, webhookIds: readonly string[], cap: number): Promise<Map<string, number>> {
  const { rows } = (await trx.raw(
    `SELECT w.id, (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.status = 'pending' LIMIT ?) x)::int AS pending
       FROM unnest(?::uuid[]) AS w(id)`,
    [cap, [...webhookIds]],
  )) as { rows: Array<{ id: string; pending: number }> };
  return new Map(rows.map((row) => [row.id, row.pending]));
}

// Deliveries

/** A claimed delivery with what an attempt needs: its webhook and the event's body. */
export interface ClaimedDelivery {
  delivery: DeliveryRow;
  webhook: WebhookRow;
  event: EventRow;
}

/**
 * Takes the next attempt to make, webhook by webhook in turn (as Svix and Stripe schedule per
 * endpoint): of the enabled webhooks with a delivery due and no attempt in flight, the one served
 * least recently, so a webhook with a large backlog or a slow receiver gets one turn in each round
 * and holds up no other. Its row is locked with SKIP LOCKED, so concurrent workers (any replica)
 * take different webhooks. Of that webhook's deliveries, the one due first among its earliest
 * unanswered first attempt (lowest event position: first attempts go in order, docs/webhooks.md
 * "Order") and its due retries. The delivery and the webhook are leased (`lease_until`,
 * `busy_until`) rather than row-locked during the HTTP request; a worker that dies mid-attempt
 * only delays them until the lease ends, and the delivery is then attempted again (at least once).
 */
export async function claimNextDelivery(db: Knex, leaseMs: number): Promise<ClaimedDelivery | undefined> {
  const claimed = await db.transaction(async (trx) => {
    // A webhook whose due delivery another worker took meanwhile is passed over; try the next.
    for (let tries = 0; tries < 3; tries++) {
      const turn = (await trx.raw(
        `SELECT w.* FROM webhooks w
          WHERE w.enabled AND (w.busy_until IS NULL OR w.busy_until < now())
            AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.status = 'pending' AND d.next_attempt_at <= now())
          ORDER BY w.last_served_at NULLS FIRST, w.id
          LIMIT 1
          FOR NO KEY UPDATE OF w SKIP LOCKED`,
      )) as { rows: WebhookRow[] };
      const webhook = turn.rows[0];
      if (!webhook) return undefined;
      // A new statement: it sees every result committed before the webhook's row was locked.
      const { rows } = (await trx.raw(
        `UPDATE webhook_deliveries d SET lease_until = now() + ?::numeric * interval '1 millisecond'
          WHERE d.id = (
            SELECT next.id FROM (
              (SELECT id, next_attempt_at FROM webhook_deliveries
                WHERE webhook_id = ? AND status = 'pending' AND attempt_count = 0 ORDER BY event_position LIMIT 1)
              UNION ALL
              (SELECT id, next_attempt_at FROM webhook_deliveries
                WHERE webhook_id = ? AND status = 'pending' AND attempt_count > 0 AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT 1)
            ) next
            WHERE next.next_attempt_at <= now() ORDER BY next.next_attempt_at LIMIT 1)
         RETURNING d.*`,
        [leaseMs, webhook.id, webhook.id],
      )) as { rows: DeliveryRow[] };
      const delivery = rows[0];
      // clock_timestamp, not now(): turns taken in one transaction's instant still have an order.
      await trx('webhooks')
        .where({ id: webhook.id })
        .update({ last_served_at: trx.raw('clock_timestamp()'), busy_until: delivery ? delivery.lease_until : null });
      if (delivery) return { delivery, webhook };
    }
    return undefined;
  });
  if (!claimed) return undefined;
  const event = (await db('webhook_events').where({ id: claimed.delivery.event_id }).first()) as EventRow | undefined;
  if (!event) return undefined;
  return { ...claimed, event };
}

/** The webhook's attempt is over: its next turn may come (called in the attempt's result transaction). */
export async function endTurn(db: Knex, webhookId: string): Promise<void> {
  await db('webhooks').where({ id: webhookId }).update({ busy_until: null });
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

/** Makes a pending delivery's next attempt due now, if it was scheduled later (a redelivery of a pending one). */
export async function dueNow(db: Knex, id: string): Promise<void> {
  await db('webhook_deliveries')
    .where({ id, status: 'pending' })
    .update({ next_attempt_at: db.raw('LEAST(next_attempt_at, now())'), updated_at: db.fn.now() });
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

import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { StoredAnswer } from './stored-answer.js';

/** Stripe: keys may be removed once "at least 24 hours old"; a key used after that starts afresh. */
export const keyLifetimeSeconds = 24 * 3600;

/**
 * How long a claim holds without news from its request. The request's process renews it every
 * third of it (`renewEverySeconds`) while the handler runs, so a slow request keeps its key; a
 * process that died mid-request stops renewing, and a retry takes the key over once the lease
 * has run out (Brandur Leach's Rocket Rides takes over a key locked for 90 s the same way).
 */
export const leaseSeconds = 30;
export const renewEverySeconds = leaseSeconds / 3;

/** Whose key it is: the audit log's actor (events/context.ts actorOf), so one caller's key never answers another. */
export interface KeyOwner {
  kind: string;
  subject: string;
  /** '' for a token with no client (API tokens). */
  clientId: string;
}

/** A request's hold on its key, while its handler runs. */
export interface Claim {
  owner: KeyOwner;
  key: string;
  /** Random per request: only the holder may answer or release the key, even after a takeover. */
  id: string;
}

export type ClaimOutcome = { kind: 'claimed'; claim: Claim } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'in_flight' } | { kind: 'reused' };

const keyColumns = 'caller_kind = ? AND caller_subject = ? AND caller_client_id = ? AND key = ?';
const keyValues = (owner: KeyOwner, key: string): string[] => [owner.kind, owner.subject, owner.clientId, key];

/**
 * Claims `key` for a request whose fingerprint is `requestHash`, or tells what the key holds.
 * One INSERT ... ON CONFLICT decides, atomically across replicas: the first request inserts the
 * row; one that meets a row takes it over only when the row expired, or when it is an earlier
 * run of the same request whose lease ran out. Every other request reads the row and is told
 * `replay`, `reused` (another request's key) or `in_flight`. Each statement commits alone and
 * holds no lock while it waits for another, so none joins a cycle with the writes of the handler
 * (ARCHITECTURE.md, "Lock order"). A row released between the two statements is claimed again.
 */
export async function claimKey(db: Knex, owner: KeyOwner, key: string, requestHash: string): Promise<ClaimOutcome> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = randomUUID();
    const claimed = await db.raw<{ rows: Array<{ claim: string }> }>(
      `INSERT INTO idempotency_keys AS k (caller_kind, caller_subject, caller_client_id, key, request_hash, claim, locked_until, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, now() + make_interval(secs => ?), now(), now() + make_interval(secs => ?))
       ON CONFLICT (caller_kind, caller_subject, caller_client_id, key) DO UPDATE
         SET request_hash = excluded.request_hash, claim = excluded.claim, locked_until = excluded.locked_until,
             status = NULL, headers = NULL, body = NULL, created_at = excluded.created_at, expires_at = excluded.expires_at
         WHERE k.expires_at <= now()
            OR (k.status IS NULL AND k.locked_until <= now() AND k.request_hash = excluded.request_hash)
       RETURNING k.claim`,
      [...keyValues(owner, key), requestHash, id, leaseSeconds, keyLifetimeSeconds],
    );
    if (claimed.rows[0]?.claim === id) return { kind: 'claimed', claim: { owner, key, id } };

    const found = await db.raw<{
      rows: Array<{ request_hash: string; status: number | null; headers: Record<string, string> | null; body: string | null; live: boolean; leased: boolean }>;
    }>(
      `SELECT request_hash, status, headers, body, expires_at > now() AS live, coalesce(locked_until > now(), false) AS leased
       FROM idempotency_keys WHERE ${keyColumns}`,
      keyValues(owner, key),
    );
    const row = found.rows[0];
    if (!row || !row.live) continue;
    if (row.request_hash !== requestHash) return { kind: 'reused' };
    if (row.status !== null && row.body !== null) return { kind: 'replay', answer: { status: row.status, headers: row.headers ?? {}, body: row.body } };
    if (!row.leased) continue;
    return { kind: 'in_flight' };
  }
  // Three rounds lost to other requests of this key: it is busy.
  return { kind: 'in_flight' };
}

/** Keeps the answer for the replays; false when the claim was lost (its lease ran out and a retry took over). */
export async function completeClaim(db: Knex, claim: Claim, answer: StoredAnswer): Promise<boolean> {
  const updated = await db.raw<{ rowCount: number }>(
    `UPDATE idempotency_keys SET status = ?, headers = ?::jsonb, body = ?, locked_until = NULL
     WHERE ${keyColumns} AND claim = ? AND status IS NULL`,
    [answer.status, JSON.stringify(answer.headers), answer.body, ...keyValues(claim.owner, claim.key), claim.id],
  );
  return updated.rowCount === 1;
}

/** Gives the key up, so that a retry runs the request again (an answer that is not kept). */
export async function releaseClaim(db: Knex, claim: Claim): Promise<void> {
  await db.raw(`DELETE FROM idempotency_keys WHERE ${keyColumns} AND claim = ? AND status IS NULL`, [...keyValues(claim.owner, claim.key), claim.id]);
}

/** Renews the lease of a claim whose request is still running. */
export async function renewClaim(db: Knex, claim: Claim): Promise<void> {
  await db.raw(`UPDATE idempotency_keys SET locked_until = now() + make_interval(secs => ?) WHERE ${keyColumns} AND claim = ? AND status IS NULL`, [
    leaseSeconds,
    ...keyValues(claim.owner, claim.key),
    claim.id,
  ]);
}

/**
 * Deletes expired keys, `batchSize` rows per statement (short, and SKIP LOCKED: replicas pruning
 * at once take different rows), at most `maxBatches` statements per call: the rest waits for the
 * next round. Expired rows still in the table are ignored by claimKey, so pruning late is harmless.
 */
export async function pruneExpiredKeys(db: Knex, options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? 1000;
  const maxBatches = options.maxBatches ?? 20;
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const result = await db.raw<{ rowCount: number }>(
      `DELETE FROM idempotency_keys WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM idempotency_keys WHERE expires_at <= now() ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED))`,
      [batchSize],
    );
    deleted += result.rowCount;
    if (result.rowCount < batchSize) break;
  }
  return deleted;
}

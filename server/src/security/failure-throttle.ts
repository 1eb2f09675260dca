import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Credential guessing is slowed per credential name and client address: after `maxFailures`
 * failures within `windowSeconds`, further attempts for that pair are refused (429) without
 * checking the credential, until the oldest of those failures leaves the window. Unknown names
 * count the same as known ones, so the throttle tells nothing about which exist. Keyed by name
 * and address together, so nobody can lock a real user or client out from another address.
 * Counted in PostgreSQL (the `sign_in_failures` table, named after its first use), so all
 * replicas share it; concurrent attempts may overshoot the limit by a few.
 */
export interface FailureThrottle {
  /** Keeps the keys of different credentials apart. */
  name: string;
  maxFailures: number;
  windowSeconds: number;
}

/** Passwords at the sign-in page: 5 in 15 minutes, as OWASP's authentication cheat sheet suggests. */
export const signInThrottle: FailureThrottle = { name: 'sign-in', maxFailures: 5, windowSeconds: 15 * 60 };

/**
 * Client secrets at the token, revocation and introspection endpoints: a little more room than
 * for people, since a misconfigured service retries on its own.
 */
export const clientAuthenticationThrottle: FailureThrottle = { name: 'client-authentication', maxFailures: 10, windowSeconds: 15 * 60 };

/** How long any failure can matter: rows older than this are pruned. */
export const longestThrottleWindowSeconds = Math.max(signInThrottle.windowSeconds, clientAuthenticationThrottle.windowSeconds);

/** SHA-256 of the pair: people sometimes type their password into the username field. */
export function throttleKey(throttle: FailureThrottle, credentialName: string, ip: string): string {
  return createHash('sha256').update(`${throttle.name}\u0000${credentialName}\u0000${ip}`, 'utf8').digest('hex');
}

/** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
export async function secondsUntilAllowed(db: Knex, throttle: FailureThrottle, key: string, now: Date): Promise<number> {
  return retryAfterSeconds(throttle, await latestFailures(db, throttle, key), now);
}

/** The key's latest failures, newest first, as many as the throttle counts (what retryAfterSeconds needs, at any later time too). */
export async function latestFailures(db: Knex, throttle: FailureThrottle, key: string): Promise<Date[]> {
  const rows: Array<{ failed_at: Date }> = await db('sign_in_failures').where('throttle_key', key).orderBy('failed_at', 'desc').limit(throttle.maxFailures).select('failed_at');
  return rows.map((row) => row.failed_at);
}

/** The rule itself: `maxFailures` failures within the window, counted at `now`, refuse until the oldest of them leaves it. */
export function retryAfterSeconds(throttle: FailureThrottle, latest: readonly Date[], now: Date): number {
  const windowStart = now.getTime() - throttle.windowSeconds * 1000;
  const recent = latest.filter((failedAt) => failedAt.getTime() > windowStart).slice(0, throttle.maxFailures);
  if (recent.length < throttle.maxFailures) return 0;
  const oldest = recent[recent.length - 1]!;
  return Math.max(1, Math.ceil((oldest.getTime() + throttle.windowSeconds * 1000 - now.getTime()) / 1000));
}

export async function recordFailure(db: Knex, key: string, now: Date): Promise<void> {
  await db('sign_in_failures').insert({ throttle_key: key, failed_at: now });
}

export async function clearFailures(db: Knex, key: string): Promise<void> {
  await db('sign_in_failures').where({ throttle_key: key }).delete();
}

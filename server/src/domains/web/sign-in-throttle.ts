import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Password guessing is slowed per username and client address: after `maxFailures` failed
 * sign-ins within `windowSeconds`, further attempts for that pair are refused (429) without
 * checking the password, until the oldest of those failures leaves the window. Unknown usernames
 * count the same as known ones, so the throttle tells nothing about which exist. Counted in
 * PostgreSQL, so all replicas share it; concurrent attempts may overshoot the limit by a few.
 */
export const signInThrottle = { maxFailures: 5, windowSeconds: 15 * 60 } as const;

/** SHA-256 of the pair: people sometimes type their password into the username field. */
export function throttleKey(username: string, ip: string): string {
  return createHash('sha256').update(`${username.normalize('NFKC').toLowerCase()}\u0000${ip}`, 'utf8').digest('hex');
}

/** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
export async function secondsUntilAllowed(db: Knex, key: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - signInThrottle.windowSeconds * 1000);
  const recent: Array<{ failed_at: Date }> = await db('sign_in_failures')
    .where('throttle_key', key)
    .andWhere('failed_at', '>', windowStart)
    .orderBy('failed_at', 'desc')
    .limit(signInThrottle.maxFailures)
    .select('failed_at');
  if (recent.length < signInThrottle.maxFailures) return 0;
  const oldest = recent[recent.length - 1]!.failed_at;
  return Math.max(1, Math.ceil((oldest.getTime() + signInThrottle.windowSeconds * 1000 - now.getTime()) / 1000));
}

export async function recordSignInFailure(db: Knex, key: string, now: Date): Promise<void> {
  await db('sign_in_failures').insert({ throttle_key: key, failed_at: now });
}

export async function clearSignInFailures(db: Knex, key: string): Promise<void> {
  await db('sign_in_failures').where({ throttle_key: key }).delete();
}

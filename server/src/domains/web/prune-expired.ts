import type { Knex } from 'knex';
import { longestThrottleWindowSeconds } from '../../security/failure-throttle.js';

/** Rows of the pages that can no longer matter: expired sessions, failures outside every throttle's window. */
export async function pruneExpiredWebRows(db: Knex, now: Date): Promise<void> {
  await db('web_sessions').where('expires_at', '<=', now).delete();
  await db('sign_in_failures').where('failed_at', '<=', new Date(now.getTime() - longestThrottleWindowSeconds * 1000)).delete();
}

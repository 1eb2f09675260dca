import type { Knex } from 'knex';
import { signInThrottle } from './sign-in-throttle.js';

/** Rows of the pages that can no longer matter: expired sessions, failures outside the throttle window. */
export async function pruneExpiredWebRows(db: Knex, now: Date): Promise<void> {
  await db('web_sessions').where('expires_at', '<=', now).delete();
  await db('sign_in_failures').where('failed_at', '<=', new Date(now.getTime() - signInThrottle.windowSeconds * 1000)).delete();
}

import type { Knex } from 'knex';
import { pruneThrottleRows } from '../../security/failure-throttle.js';

/** Rows of the pages that can no longer matter: expired sessions, the throttle's attempts outside every window and old lockouts. */
export async function pruneExpiredWebRows(db: Knex, now: Date): Promise<void> {
  await db('web_sessions').where('expires_at', '<=', now).delete();
  await pruneThrottleRows(db, now);
}

import type { Knex } from 'knex';

/**
 * SQLSTATEs after which running the same transaction again can succeed: 40P01 deadlock_detected
 * (PostgreSQL chose this transaction as the victim of a lock cycle) and 40001
 * serialization_failure (a concurrent update under REPEATABLE READ or SERIALIZABLE). PostgreSQL's
 * manual (13.4, "Serialization Failure Handling") asks applications to retry both, with the whole
 * transaction; the transaction has been rolled back, so nothing of it remains.
 */
const concurrencyConflictCodes = new Set(['40P01', '40001']);

export function isConcurrencyConflict(error: unknown): boolean {
  return concurrencyConflictCodes.has(String((error as { code?: unknown } | null)?.code ?? ''));
}

export interface RetryOptions {
  /** Runs of the transaction in all, the first included. */
  attempts: number;
  /** Backoff before retry n (from 1) is a random time in [0, min(capMs, baseMs * 2^(n-1))]. */
  baseMs: number;
  capMs: number;
}

/**
 * Five runs, with "full jitter" backoff (AWS Architecture Blog, "Exponential Backoff and Jitter"):
 * transactions that met in a cycle wake at different times, so they do not meet again. A
 * deadlock costs its victim PostgreSQL's deadlock_timeout (1 s by default) before it is even
 * reported, so five runs bound a request's extra time to a few seconds; beyond that the caller is
 * told to retry later (plugins/errors: 503 with Retry-After) rather than held.
 */
export const defaultRetryOptions: Readonly<RetryOptions> = Object.freeze({ attempts: 5, baseMs: 20, capMs: 500 });

/**
 * Runs `run` again while it fails with a concurrency conflict, at most `attempts` times in all,
 * then throws the last error (which plugins/errors answers as 503 `write_conflict`). `run` must
 * start a whole transaction each time and have no effect outside it before its commit.
 */
export async function retryConcurrencyConflicts<T>(run: () => Promise<T>, options: Readonly<RetryOptions> = defaultRetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isConcurrencyConflict(error) || attempt >= options.attempts) throw error;
      const ceiling = Math.min(options.capMs, options.baseMs * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}

/**
 * The one way request handlers and services run a transaction (Knex): `work` in a transaction,
 * run again from the start, after a jittered backoff, when PostgreSQL aborts it for a deadlock or
 * a serialization failure. So `work` must be safe to run again: it builds its events inside, and
 * does nothing outside the transaction (no request sent, no cache changed) before the commit;
 * values made before the call (an id, a hashed password, a clock reading) are simply reused.
 * Inside a transaction already (`db` is a Knex.Transaction), it runs once as a savepoint: the
 * conflict aborted the outer transaction, which is the one to run again.
 * Lock order: ARCHITECTURE.md "Lock order"; every write path follows it, so a retry is for what
 * PostgreSQL itself decides (a serialization failure), not a routine cycle.
 */
export async function inTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>, config?: Knex.TransactionConfig): Promise<T> {
  if ((db as { isTransaction?: boolean }).isTransaction) return db.transaction(work, config);
  return retryConcurrencyConflicts(() => db.transaction(work, config));
}

import type { Knex } from 'knex';

/**
 * The tables partitioned by UTC month (migrations 20261126_*). The naming rule and the creation
 * of a month are SQL functions of migration 20261126_01 (acctl_month_partition_name,
 * acctl_ensure_month_partition[s]), so the migrations and this maintenance share them.
 */
export const monthPartitionedTables = ['decisions', 'audit_events_decision'] as const;

/** Months created ahead of the current one, so inserts land in a month's partition, not the DEFAULT one. */
export const monthsAhead = 3;

/**
 * How long partition DDL waits for a lock before giving up until the next run. Attaching and
 * dropping a partition wait for transactions reading the parent (a report or a verification can
 * read for minutes), and while they wait, the statements queued behind them wait too.
 */
export const partitionLockTimeout = '5s';

/**
 * Creates the partitions of `now`'s month and the `monthsAhead` after it, and of every month whose
 * rows went to a DEFAULT partition (moving them there, so that retention can drop them with their
 * month). Idempotent, and safe when replicas run it at once (the function's advisory lock).
 * Answers the partitions it created.
 */
export async function ensureMonthPartitions(db: Knex, now: Date, ahead = monthsAhead): Promise<string[]> {
  const created: string[] = [];
  for (const table of monthPartitionedTables) {
    const rows = await db.transaction(async (trx) => {
      await trx.raw(`SET LOCAL lock_timeout = '${partitionLockTimeout}'`);
      const result = (await trx.raw('SELECT name FROM acctl_ensure_month_partitions(?, ?, ?) name', [table, now, ahead])) as { rows: Array<{ name: string }> };
      return result.rows;
    });
    created.push(...rows.map((row) => row.name));
  }
  return created;
}

/** Drops the months of `decisions` that ended by `before`, oldest first; answers the rows they held. */
export async function dropExpiredDecisionMonths(db: Knex, before: Date, shouldStop?: () => boolean): Promise<number> {
  let deleted = 0;
  for (;;) {
    const dropped = await db.transaction(async (trx) => {
      await trx.raw(`SET LOCAL lock_timeout = '${partitionLockTimeout}'`);
      const result = (await trx.raw('SELECT partition_name, deleted FROM acctl_drop_expired_decisions_month(?)', [before])) as {
        rows: Array<{ partition_name: string; deleted: string | number }>;
      };
      return result.rows[0];
    });
    if (!dropped) return deleted;
    deleted += Number(dropped.deleted);
    if (shouldStop?.()) return deleted;
  }
}

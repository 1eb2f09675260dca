import type { Knex } from 'knex';

/**
 * The tables partitioned by UTC month (migrations 20261126_*), each with the column it is
 * partitioned on. The naming rule and the creation of a month are SQL functions of migration
 * 20261126_01 (acctl_month_partition_name, acctl_ensure_month_partition), so the migrations and
 * this maintenance share them.
 */
export const monthPartitionedTables = { decisions: 'created_at', audit_events_decision: 'occurred_at' } as const;
export type MonthPartitionedTable = keyof typeof monthPartitionedTables;

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
  for (const [table, column] of Object.entries(monthPartitionedTables)) {
    const rows = await db.transaction(async (trx) => {
      await trx.raw(`SET LOCAL lock_timeout = '${partitionLockTimeout}'`);
      const result = (await trx.raw(
        `SELECT acctl_month_partition_name(:table, m.month) AS name, acctl_ensure_month_partition(:table, m.month) AS created
         FROM (SELECT CAST(:now AS timestamptz) + make_interval(months => n) AS month FROM generate_series(0, :ahead) n
               UNION SELECT DISTINCT date_trunc('month', d.:column: AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM :defaultPartition: d) m
         ORDER BY m.month`,
        { table, column, now, ahead, defaultPartition: `${table}_default` },
      )) as { rows: Array<{ name: string; created: boolean }> };
      return result.rows;
    });
    created.push(...rows.filter((row) => row.created).map((row) => row.name));
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

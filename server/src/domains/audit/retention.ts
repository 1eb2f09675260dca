import { dropExpiredDecisionMonths, ensureMonthPartitions, partitionLockTimeout } from '../../db/month-partitions.js';
import { systemContext } from '../../events/context.js';
import { changeEvent } from '../../events/event.js';
import type { AuditedDatabase } from './log.js';

export interface RetentionResult {
  /** Decision events deleted. */
  deleted: number;
  /** Where the decision chain now starts: the last deleted event. */
  anchor: { sequence: number; hash: string } | null;
}

/**
 * Retention by month: the decisions, and the decision.evaluated events, of every UTC month that
 * ended more than `retentionDays` ago go by DROPping the month's partition (db/month-partitions.ts),
 * oldest first, one month per transaction. So an event is kept between `retentionDays` and
 * `retentionDays` plus a month. First the partitions are brought up to date (the months ahead, and
 * rows that went to a DEFAULT partition moved to their month, so that they can go too).
 *
 * Each month of events records, in its transaction and in the change chain, an
 * audit.retention_applied event with the sequence and hash of the last event deleted: the anchor
 * from which the rest of the decision chain is verified, itself protected by the change chain.
 * acctl_audit_drop_expired_decision_month keeps the deleted events a prefix of the chain (see its
 * migration, 20261126_04, for the events that straddle a month's end). Change events are never
 * deleted: they live in a partition of their own.
 */
export async function applyDecisionRetention(
  { db, auditLog }: AuditedDatabase,
  options: { now: Date; retentionDays: number; shouldStop?: () => boolean },
): Promise<RetentionResult & { decisionsDeleted: number }> {
  const before = new Date(options.now.getTime() - options.retentionDays * 86_400_000);
  await ensureMonthPartitions(db, options.now);
  const decisionsDeleted = await dropExpiredDecisionMonths(db, before, options.shouldStop);
  const context = systemContext('system:audit-retention');
  const result: RetentionResult = { deleted: 0, anchor: null };
  for (;;) {
    const dropped = await db.transaction(async (trx) => {
      await trx.raw(`SET LOCAL lock_timeout = '${partitionLockTimeout}'`);
      const pruned = (await trx.raw('SELECT partition_name, deleted, through_sequence, through_hash FROM acctl_audit_drop_expired_decision_month(?)', [
        before,
      ])) as {
        rows: Array<{ partition_name: string; deleted: number | string; through_sequence: number | string | null; through_hash: Buffer | null }>;
      };
      const row = pruned.rows[0];
      if (!row) return false;
      const count = Number(row.deleted);
      if (row.through_sequence === null || row.through_hash === null) return true;
      const anchor = { sequence: Number(row.through_sequence), hash: row.through_hash.toString('hex') };
      await auditLog.append(trx, [
        changeEvent({ ...context, now: options.now }, 'audit.retention_applied', { type: 'audit_chain', id: 'decision' }, null, {
          deleted: count,
          through_sequence: anchor.sequence,
          through_hash: anchor.hash,
          before: before.toISOString(),
          retention_days: options.retentionDays,
        }),
      ]);
      result.anchor = anchor;
      result.deleted += count;
      return true;
    });
    if (!dropped || options.shouldStop?.()) return { ...result, decisionsDeleted };
  }
}

import type { Knex } from 'knex';
import { systemContext } from '../../events/context.js';
import { changeEvent } from '../../events/event.js';
import { recordEvents } from '../../events/record.js';

export interface RetentionResult {
  deleted: number;
  /** Where the decision chain now starts: the last deleted event. */
  anchor: { sequence: number; hash: string } | null;
}

/**
 * Deletes the decision.evaluated events older than `before`, oldest first, `batchSize` per
 * transaction (so no transaction is long, and appends are never blocked: the prune function
 * takes a lock of its own). Each batch records, in its own transaction and in the change chain,
 * an audit.retention_applied event with the sequence and hash of the last event it deleted: the
 * anchor from which the rest of the decision chain is verified, itself protected by the change
 * chain. Change events are never deleted (acctl_audit_prune_decisions touches the decision chain only).
 */
export async function applyDecisionRetention(
  db: Knex,
  options: { now: Date; retentionDays: number; batchSize?: number; shouldStop?: () => boolean },
): Promise<RetentionResult> {
  const batchSize = options.batchSize ?? 10_000;
  const before = new Date(options.now.getTime() - options.retentionDays * 86_400_000);
  const context = systemContext('system:audit-retention');
  const result: RetentionResult = { deleted: 0, anchor: null };
  for (;;) {
    const deleted = await db.transaction(async (trx) => {
      const pruned = (await trx.raw('SELECT deleted, through_sequence, through_hash FROM acctl_audit_prune_decisions(?, ?)', [before, batchSize])) as {
        rows: Array<{ deleted: number | string; through_sequence: number | string | null; through_hash: Buffer | null }>;
      };
      const row = pruned.rows[0]!;
      const count = Number(row.deleted);
      if (count === 0) return 0;
      const anchor = { sequence: Number(row.through_sequence), hash: row.through_hash!.toString('hex') };
      await recordEvents(trx, [
        changeEvent({ ...context, now: options.now }, 'audit.retention_applied', { type: 'audit_chain', id: 'decision' }, null, {
          deleted: count,
          through_sequence: anchor.sequence,
          through_hash: anchor.hash,
          before: before.toISOString(),
          retention_days: options.retentionDays,
        }),
      ]);
      result.anchor = anchor;
      return count;
    });
    result.deleted += deleted;
    // A short batch means nothing older is left (or the next one is younger than the cut-off).
    if (deleted < batchSize || options.shouldStop?.()) return result;
  }
}

import type { Knex } from 'knex';
import type { AuditBrokenLink, AuditVerification } from '../../../../core/src/index.js';
import { auditEventColumns, toAuditEvent, type AuditEventRow } from './audit-log.js';
import { genesisHash, hashEvent, type AuditChain } from './chain.js';
import { checkDecisionsRecorded, oldestStoredDecision } from './verify-digest.js';

type ChainReport = AuditVerification['chains'][number];
type Anchor = { sequence: number; hash: string };

/**
 * Checks both hash chains, event by event, in keyset chunks of `chunkSize` (never the whole
 * table in memory), inside one read-only REPEATABLE READ transaction so that appends and
 * retention running meanwhile cannot make a consistent log look broken. Each event's hash must
 * be the hash of its contents, and its prev_hash the hash of the event before it in its chain.
 * The decision chain starts at the anchor of the last audit.retention_applied event of the change
 * chain (checked first, so the anchor itself is covered by the chain). After a broken link the
 * walk goes on (so the anchor is still found) but only the first broken link is named.
 * A decisions.recorded event (auditDecisionEvents `digest`) must also match the decisions it names,
 * as they are stored now (verify-digest.ts).
 */
export async function verifyAuditLog(db: Knex, options: { chunkSize?: number } = {}): Promise<AuditVerification> {
  const chunkSize = options.chunkSize ?? 2000;
  return db.transaction(
    async (trx) => {
      let anchor: Anchor | null = null;
      const change = await verifyChain(trx, 'change', null, chunkSize, (data) => {
        if (typeof data.through_sequence === 'number' && typeof data.through_hash === 'string')
          anchor = { sequence: data.through_sequence, hash: data.through_hash };
      });
      const decision = await verifyChain(trx, 'decision', anchor, chunkSize);
      const broken = [change.first_broken_link, decision.first_broken_link]
        .filter((link): link is AuditBrokenLink => link !== null)
        .sort((a, b) => a.sequence - b.sequence);
      return { valid: broken.length === 0, verified_at: new Date().toISOString(), chains: [change, decision], first_broken_link: broken[0] ?? null };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

async function verifyChain(
  trx: Knex.Transaction,
  chain: AuditChain,
  anchor: Anchor | null,
  chunkSize: number,
  onRetention?: (data: Record<string, unknown>) => void,
): Promise<ChainReport> {
  const oldestStored = oldestStoredDecision(trx);
  let previous = anchor?.hash ?? genesisHash;
  let previousSequence: number | null = anchor?.sequence ?? null;
  let head: Anchor | null = null;
  let checked = 0;
  let broken: AuditBrokenLink | null = null;
  let after = 0;
  for (;;) {
    const rows: AuditEventRow[] = await trx('audit_events')
      .select(auditEventColumns)
      .where('chain', chain)
      .andWhere('seq', '>', after)
      .orderBy('seq')
      .limit(chunkSize);
    for (const row of rows) {
      const event = toAuditEvent(row);
      checked++;
      const link = { chain, event_id: event.id, sequence: event.sequence };
      const contentHash = hashEvent(event);
      if (broken === null && anchor && event.sequence <= anchor.sequence) {
        broken = {
          ...link,
          problem: 'retained_event_present',
          detail: `retention recorded deleting the decision events up to sequence ${anchor.sequence}, but this one is still here`,
        };
      } else if (broken === null && contentHash !== event.hash) {
        broken = {
          ...link,
          problem: 'hash_mismatch',
          detail: 'the stored hash is not the hash of the event as it is now: the event was changed after it was written',
          expected: contentHash,
          actual: event.hash,
        };
      } else if (broken === null && event.prev_hash !== previous) {
        const before =
          previousSequence === null
            ? 'the start of the chain'
            : anchor && previousSequence === anchor.sequence && head === null
              ? `the retention anchor (sequence ${previousSequence})`
              : `the event at sequence ${previousSequence}`;
        broken = {
          ...link,
          problem: 'prev_hash_mismatch',
          detail: `prev_hash is not the hash of ${before}: an event before this one was deleted, inserted, or changed together with its hash`,
          expected: previous,
          actual: event.prev_hash,
        };
      } else if (broken === null && event.type === 'decisions.recorded') {
        const mismatch = await checkDecisionsRecorded(trx, event, oldestStored);
        if (mismatch) broken = { ...link, problem: 'decision_record_mismatch', ...mismatch };
      }
      if (event.type === 'audit.retention_applied' && onRetention) onRetention(event.data);
      previous = event.hash;
      previousSequence = event.sequence;
      head = { sequence: event.sequence, hash: event.hash };
    }
    if (rows.length < chunkSize) break;
    after = Number(rows[rows.length - 1]!.seq);
  }
  return { chain, valid: broken === null, events_checked: checked, anchor, head, first_broken_link: broken };
}

import type { Knex } from 'knex';
import { uuidV7Time } from '../../db/uuid-v7.js';
import type { AuditEvent } from '../../../../core/src/index.js';
import { decisionRecordColumns, digestOfDecisions, toDecisionRecord, type DecisionRecordRow, type DecisionsRecordedData } from './decision-digest.js';

/**
 * Checks a decisions.recorded event against the decisions table: every decision it names must be
 * there, and the digest of their records as stored now must be the one the event sealed. Answers
 * what is wrong, or null. Retention drops the oldest months of decisions, and their events may
 * wait a while longer (retention.ts), so an event whose missing decisions are all older than the
 * oldest decision still stored cannot be checked, and passes; a decision missing from the middle
 * breaks it. The decisions are read by id within the time their v7 ids carry (a partition or two).
 */
export async function checkDecisionsRecorded(
  trx: Knex.Transaction,
  event: AuditEvent,
  oldestStored: () => Promise<Date | null>,
): Promise<{ detail: string; expected?: string; actual?: string } | null> {
  const data = event.data as Partial<DecisionsRecordedData>;
  const ids = Array.isArray(data.decisions) ? data.decisions.map((entry) => entry?.id).filter((id): id is string => typeof id === 'string') : [];
  const times = ids.map((id) => uuidV7Time(id));
  if (ids.length === 0 || typeof data.digest !== 'string' || times.some((time) => time === undefined)) {
    return { detail: 'the event does not name its decisions by their ids with a digest, as decisions.recorded events do' };
  }
  const instants = times.map((time) => time!.getTime());
  const rows = await trx('decisions')
    .select(...decisionRecordColumns)
    .whereIn('id', ids)
    .andWhere('created_at', '>=', new Date(Math.min(...instants)))
    .andWhere('created_at', '<', new Date(Math.max(...instants) + 1));
  const byId = new Map(rows.map((row: DecisionRecordRow) => [row.id, toDecisionRecord(row)]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const oldest = await oldestStored();
    if (missing.every((id) => oldest === null || uuidV7Time(id)!.getTime() < oldest.getTime())) return null;
    return {
      detail: `decision ${missing[0]} that this event recorded is gone${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''}: deleted other than by retention`,
    };
  }
  const actual = digestOfDecisions(ids.map((id) => byId.get(id)!));
  if (actual === data.digest) return null;
  return {
    detail: 'the decisions this event recorded are not as they were recorded: one of them was changed after it was written',
    expected: data.digest,
    actual,
  };
}

/** The time of the oldest decision still stored, read once per verification (then cached by the caller). */
export function oldestStoredDecision(trx: Knex.Transaction): () => Promise<Date | null> {
  let oldest: Promise<Date | null> | undefined;
  return () =>
    (oldest ??= trx('decisions')
      .min('created_at as at')
      .first()
      .then((row) => (row as { at: Date | null } | undefined)?.at ?? null));
}

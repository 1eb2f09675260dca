import type { Knex } from 'knex';
import { uuidV7Time } from '../../db/uuid-v7.js';
import type { AuditEvent } from '../../generated/schema-types.js';
import { decisionRecordColumns, toDecisionRecord } from '../decisions/decision-query.js';
import { digestOfDecisions, type DecisionsRecordedData } from './decision-digest.js';

/**
 * Checks a decisions.recorded event against the decisions table: every decision it names must be
 * there, and the digest of their records as stored now must be the one the event sealed. Answers
 * what is wrong, or null. Decisions made before `retainedBefore` (the cut-off retention last
 * recorded) may be gone: an event that still names such a decision cannot be checked and passes.
 * The decisions are read by id within the time their v7 ids carry (one or two monthly partitions).
 */
export async function checkDecisionsRecorded(trx: Knex.Transaction, event: AuditEvent, retainedBefore: Date | null): Promise<{ detail: string; expected?: string; actual?: string } | null> {
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
  const byId = new Map(rows.map((row: Parameters<typeof toDecisionRecord>[0]) => [row.id, toDecisionRecord(row)]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    if (retainedBefore && Math.min(...instants) < retainedBefore.getTime()) return null;
    return { detail: `decision ${missing[0]} that this event recorded is gone${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''}: deleted other than by retention` };
  }
  const actual = digestOfDecisions(ids.map((id) => byId.get(id)!));
  if (actual === data.digest) return null;
  return { detail: 'the decisions this event recorded are not as they were recorded: one of them was changed after it was written', expected: data.digest, actual };
}

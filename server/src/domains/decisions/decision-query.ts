import type { Knex } from 'knex';
import { ApiError } from '../../errors/api-error.js';
import type { DecisionList, DecisionListQuery } from '../../../../core/src/index.js';
import { decisionRecordColumns, toDecisionRecord, type DecisionRecordRow } from '../audit/decision-digest.js';

/** A decisions row with its time also as exact text (microseconds), which the cursor carries. */
type DecisionListRow = DecisionRecordRow & { cursor_time: string };

/**
 * GET /decisions: newest first. Pagination is a keyset on (created_at, id), as Stripe's and Slack's
 * cursors do, served by the decisions_created_at_id index. A decision recorded after a page was read
 * is newer than the cursor, so later pages neither repeat nor skip a row; the only row a reader can
 * miss is one whose recording was still in flight (milliseconds) when a page passed its time.
 */
export async function listDecisions(db: Knex, query: DecisionListQuery): Promise<DecisionList> {
  const limit = query.limit ?? 50;
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.since && query.until && Date.parse(query.since) >= Date.parse(query.until)) {
    throw new ApiError('validation_failed', '`since` must be before `until`', { errors: [{ pointer: '/since', in: 'query', detail: 'must be before until' }] });
  }
  const rows: DecisionListRow[] = await db('decisions')
    .select(...decisionRecordColumns, db.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_time`))
    .modify((q) => {
      if (query.since) q.where('created_at', '>=', new Date(query.since));
      if (query.until) q.where('created_at', '<', new Date(query.until));
      if (query.decision) q.where('decision', query.decision);
      if (query.principal_id) q.where('principal_id', query.principal_id);
      if (query.action) q.where('action', query.action);
      if (query.resource_type) q.where('resource_type', query.resource_type);
      if (after) q.whereRaw('(created_at, id) < (?::timestamptz, ?::uuid)', [after.time, after.id]);
    })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { data: page.map(toDecisionRecord), next_cursor: rows.length > limit && last ? encodeCursor(last.cursor_time, last.id) : null };
}

/** Opaque to clients (they send next_cursor back as is), versioned so its form can change. */
function encodeCursor(time: string, id: string): string {
  return Buffer.from(`v1|${time}|${id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { time: string; id: string } {
  const match = /^v1\|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!match || Number.isNaN(Date.parse(match[1]!))) {
    throw new ApiError('validation_failed', 'The cursor is not one this API gave out: send next_cursor as it came', {
      errors: [{ pointer: '/cursor', in: 'query', detail: 'not a cursor of this API' }],
    });
  }
  return { time: match[1]!, id: match[2]! };
}

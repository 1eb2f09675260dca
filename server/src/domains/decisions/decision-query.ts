import type { Knex } from 'knex';
import { ApiError } from '../../errors/api-error.js';
import type { DecisionList, DecisionListQuery } from '../../../../core/src/index.js';
import { newestFirstPage } from '../../http/listing.js';
import { decisionRecordColumns, toDecisionRecord, type DecisionRecordRow } from '../audit/index.js';

/** A decisions row with its time also as exact text (microseconds), which the cursor carries. */
type DecisionListRow = DecisionRecordRow & { cursor_time: string };

/**
 * GET /decisions: newest first. Pagination is a keyset on (created_at, id), as Stripe's and Slack's
 * cursors do, served by the decisions_created_at_id index. A decision recorded after a page was read
 * is newer than the cursor, so later pages neither repeat nor skip a row; the only row a reader can
 * miss is one whose recording was still in flight (milliseconds) when a page passed its time.
 * Query plans, recorded in the same table (plan.ts), are not listed: a reader of this list replays
 * each record as a decision (acctl policy impact), and a plan is not one.
 */
export async function listDecisions(db: Knex, query: DecisionListQuery): Promise<DecisionList> {
  if (query.since && query.until && Date.parse(query.since) >= Date.parse(query.until)) {
    throw new ApiError('validation_failed', '`since` must be before `until`', { errors: [{ pointer: '/since', in: 'query', detail: 'must be before until' }] });
  }
  const { rows, next_cursor } = await newestFirstPage<DecisionListRow>(
    db('decisions')
      .select(...decisionRecordColumns)
      .where('kind', 'decision')
      .modify((q) => {
        if (query.since) q.where('created_at', '>=', new Date(query.since));
        if (query.until) q.where('created_at', '<', new Date(query.until));
        if (query.decision) q.where('decision', query.decision);
        if (query.principal_id) q.where('principal_id', query.principal_id);
        if (query.action) q.where('action', query.action);
        if (query.resource_type) q.where('resource_type', query.resource_type);
      }),
    { limit: query.limit ?? 50, cursor: query.cursor },
  );
  return { data: rows.map(toDecisionRecord), next_cursor };
}

import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { isUuid } from '../../../db/uuid-v7.js';
import { ApiError } from '../../../errors/api-error.js';
import type { ChangeContext } from '../../../events/types.js';
import type { AuditReport, AuditReportCreateRequest } from '../../../../../core/src/index.js';
import { JobQueue } from '../../../plugins/job-queue.js';
import { reportQueue } from './runner.js';
import { findReport, toAuditReport, type AuditReportRow } from './store.js';

/**
 * Starts a report: its row and its pg-boss job in one transaction, so a report is never left
 * without the job that runs it (nor a job without its report). The events it covers are fixed
 * now: those already in the log (seq up to the current last one), so events arriving while it
 * runs do not change it.
 */
export async function createReport(db: Knex, jobs: JobQueue, context: ChangeContext, body: AuditReportCreateRequest): Promise<AuditReport> {
  const until = body.until ? new Date(body.until) : context.now;
  const since = body.since ? new Date(body.since) : null;
  if (since && since >= until)
    throw new ApiError('validation_failed', '`since` must be before `until`', { errors: [{ pointer: '/since', in: 'body', detail: 'must be before until' }] });
  if (body.tags && body.kind !== 'compliance')
    throw new ApiError('validation_failed', '`tags` applies to compliance reports only', {
      errors: [{ pointer: '/tags', in: 'body', detail: 'only for kind compliance' }],
    });
  return db.transaction(async (trx) => {
    const [last] = await trx('audit_events').max<{ max: number | null }[]>({ max: 'seq' });
    const [row] = await trx('audit_reports')
      .insert({
        id: randomUUID(),
        kind: body.kind,
        status: 'pending',
        since,
        until,
        tags: body.tags ?? null,
        through_seq: Number(last?.max ?? 0),
        requested_by: JSON.stringify(context.actor),
        request_id: context.request.id,
        created_at: context.now,
        updated_at: context.now,
      })
      .returning('*');
    await jobs.boss.send(reportQueue, { report_id: (row as AuditReportRow).id }, { db: JobQueue.inTransaction(trx) });
    return toAuditReport(row as AuditReportRow);
  });
}

export async function mustFindReport(db: Knex, id: string): Promise<AuditReportRow> {
  const report = isUuid(id) ? await findReport(db, id) : undefined;
  if (!report) throw new ApiError('not_found', `No audit report with id ${id}`);
  return report;
}

import type { Knex } from 'knex';
import type PgBoss from 'pg-boss';
import { systemContext } from '../../../events/context.js';
import { changeEvent } from '../../../events/event.js';
import type { AuditLog } from '../log.js';
import type { JobQueue } from '../../../plugins/job-queue.js';
import { actorNames } from '../actor-names.js';
import { auditEventColumns, toAuditEvent, type AuditEventRow } from '../audit-log.js';
import type { Totals } from './kind.js';
import { reportKinds } from './kinds/index.js';
import { parametersOf, rankSections, upsertReportRows, type AuditReportRow } from './store.js';

export const reportQueue = 'audit-report';

export interface ReportRunnerTuning {
  /** Events read, counted and stored per transaction, at most. */
  chunkSize: number;
  /** And at most this many bytes of their data (as stored) past the first event. */
  chunkBytes: number;
  /** How long one job works before it hands the rest to a new job (so no job outlives its expiry). */
  sliceMs: number;
  /** Called after each chunk is committed (tests stop a report half-way with it). */
  afterChunk?: (reportId: string, eventsProcessed: number) => Promise<void>;
}

/**
 * Runs reports on pg-boss, on whichever replica fetches the job. A report advances chunk by
 * chunk: each chunk's events are read by a keyset on seq, counted, stored as rows, and the
 * report's cursor moved past them, in one transaction that holds the report's row lock. So a
 * chunk is counted exactly once whatever happens: a replica that stops (shutdown: the job hands
 * over to a new one; crash: pg-boss retries the expired job) leaves the report at its last
 * committed chunk, and whoever runs it next resumes there. The last chunk's transaction also
 * finalises the report and records report.completed.
 */
export class ReportRunner {
  tuning: ReportRunnerTuning = { chunkSize: 2000, chunkBytes: 4_000_000, sliceMs: 60_000 };
  private workerId: string | undefined;
  private stopping = false;

  constructor(
    private readonly db: Knex,
    private readonly jobs: JobQueue,
    private readonly log: { error(details: object, message: string): void },
    private readonly auditLog: Pick<AuditLog, 'append'>,
  ) {}

  async start(): Promise<void> {
    // A job slice lasts about sliceMs, far below the expiry after which pg-boss retries a job
    // whose replica died; retries back off from 10 s.
    await this.jobs.createQueue(reportQueue, { name: reportQueue, retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 600 });
    this.workerId = await this.jobs.boss.work<{ report_id: string }>(
      reportQueue,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 2 },
      async ([job]) => this.run(job!),
    );
  }

  /** Finish the chunk in hand and leave the rest to a new job (the app is closing). */
  stop(): void {
    this.stopping = true;
  }

  /** Wakes this replica's worker now rather than at its next poll (after a report is created here). */
  notify(): void {
    if (this.workerId && !this.stopping) this.jobs.boss.notifyWorker(this.workerId);
  }

  private async run(job: PgBoss.JobWithMetadata<{ report_id: string }>): Promise<void> {
    const id = job.data.report_id;
    try {
      const started = await this.db('audit_reports')
        .where({ id })
        .whereIn('status', ['pending', 'running'])
        .update({ status: 'running', started_at: this.db.raw('coalesce(started_at, now())'), updated_at: new Date() });
      if (started === 0) return; // finished (or gone) already
      const sliceEnds = Date.now() + this.tuning.sliceMs;
      for (;;) {
        if (this.stopping || Date.now() > sliceEnds) {
          await this.jobs.boss.send(reportQueue, { report_id: id });
          return;
        }
        const progress = await this.runChunk(id);
        if (progress === 'done') return;
        await this.tuning.afterChunk?.(id, progress);
      }
    } catch (error) {
      if (job.retryCount < job.retryLimit) throw error;
      this.log.error({ err: error, report_id: id }, 'audit report failed');
      await this.fail(id, `The report failed after ${job.retryCount + 1} attempts; the server log has the cause under report_id ${id}`);
    }
  }

  /** One chunk in one transaction; answers the events processed so far, or done. */
  private async runChunk(id: string): Promise<number | 'done'> {
    return this.db.transaction(async (trx) => {
      const report = await trx<AuditReportRow>('audit_reports').where({ id }).forUpdate().first();
      if (!report || report.status !== 'running') return 'done';
      const kind = reportKinds[report.kind];
      const parameters = parametersOf(report);
      // At most chunkSize events, and no more once their data passes chunkBytes (a decisions.recorded
      // event lists up to 500 decisions): each event's size is summed in seq order as the index is
      // read, so neither bound loads more than it keeps.
      const chunkEvents = trx('audit_events')
        .select(...auditEventColumns, trx.raw('pg_column_size(data) AS data_bytes'), trx.raw('sum(pg_column_size(data)) OVER (ORDER BY seq) AS running_bytes'))
        .where('chain', kind.source.chain)
        .andWhere('seq', '>', report.cursor_seq)
        .andWhere('seq', '<=', report.through_seq)
        .modify((q) => {
          if (kind.source.types) q.whereIn('type', kind.source.types);
          if (parameters.since) q.andWhere('occurred_at', '>=', parameters.since);
          q.andWhere('occurred_at', '<', parameters.until);
        })
        .orderBy('seq')
        .limit(this.tuning.chunkSize);
      const rows: Array<AuditEventRow & { running_bytes: string }> = await trx
        .select('*')
        .from(chunkEvents.as('chunk'))
        .whereRaw('running_bytes - data_bytes < ?', [this.tuning.chunkBytes])
        .orderBy('seq');
      const last = rows[rows.length - 1];
      const more = rows.length === this.tuning.chunkSize || (last !== undefined && Number(last.running_bytes) >= this.tuning.chunkBytes);
      let totals = addTotals(kind.emptyTotals, report.totals);
      if (rows.length > 0) {
        const events = rows.map(toAuditEvent);
        const names = kind.actorNames
          ? await actorNames(
              trx,
              events.flatMap((event) => [event.actor.subject, event.actor.client_id]),
            )
          : {};
        const chunk = kind.accumulate(events, parameters, names);
        await upsertReportRows(trx, id, chunk.rows);
        totals = addTotals(totals, chunk.totals);
      }
      const processed = Number(report.events_processed) + rows.length;
      const cursor = rows.length > 0 ? Number(rows[rows.length - 1]!.seq) : report.cursor_seq;
      if (more) {
        await trx('audit_reports')
          .where({ id })
          .update({ cursor_seq: cursor, events_processed: processed, totals: JSON.stringify(totals), updated_at: new Date() });
        return processed;
      }
      if (kind.finalize) totals = addTotals(totals, await kind.finalize(trx, id, parameters));
      await rankSections(trx, id, kind.sections);
      const now = new Date();
      await trx('audit_reports')
        .where({ id })
        .update({ status: 'completed', cursor_seq: cursor, events_processed: processed, totals: JSON.stringify(totals), completed_at: now, updated_at: now });
      await this.auditLog.append(trx, [
        changeEvent(
          { ...systemContext('system:audit-reports'), now },
          'report.completed',
          { type: 'audit_report', id },
          { before: { status: 'running' }, after: { status: 'completed' } },
          {
            kind: report.kind,
            requested_by: report.requested_by.subject,
            events_processed: processed,
          },
        ),
      ]);
      return 'done';
    });
  }

  /**
   * After the last retry: the report is failed and report.failed recorded. The message is for
   * whoever reads the report; the cause (which may hold SQL) goes to the log only.
   */
  private async fail(id: string, message: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      const report = await trx<AuditReportRow>('audit_reports').where({ id }).forUpdate().first();
      if (!report || report.status === 'completed' || report.status === 'failed') return;
      const now = new Date();
      await trx('audit_reports').where({ id }).update({ status: 'failed', error: message, completed_at: now, updated_at: now });
      await this.auditLog.append(trx, [
        changeEvent(
          { ...systemContext('system:audit-reports'), now },
          'report.failed',
          { type: 'audit_report', id },
          { before: { status: report.status }, after: { status: 'failed' } },
          {
            kind: report.kind,
            requested_by: report.requested_by.subject,
            error: message,
          },
        ),
      ]);
    });
  }
}

function addTotals(a: Totals, b: Totals): Totals {
  const sum: Totals = { ...a };
  for (const [name, value] of Object.entries(b)) sum[name] = (sum[name] ?? 0) + value;
  return sum;
}

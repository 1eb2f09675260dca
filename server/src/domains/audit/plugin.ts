import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureMonthPartitions } from '../../db/month-partitions.js';
import { ReportRunner } from './reports/runner.js';
import { applyDecisionRetention, type RetentionResult } from './retention.js';

export const retentionQueue = 'audit-retention';

export interface AuditServices {
  reports: ReportRunner;
  /** Applies the configured retention now (the hourly job runs this). */
  applyRetention(now?: Date): Promise<RetentionResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditServices;
  }
}

/**
 * The audit log's background work on pg-boss, on every replica: the report worker, and the
 * hourly maintenance job (scheduled by pg-boss's cron, which runs each tick on one replica only):
 * the monthly partitions ahead, then retention of decisions and their events by month. On close,
 * a running report stops after its current chunk and hands the rest to a new job, before the job
 * queue and the pool close (plugins close in reverse order).
 */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    const reports = new ReportRunner(app.db, app.jobs, app.log, app.auditLog);
    await reports.start();
    let stopping = false;
    const retentionDays = app.config.auditDecisionRetentionDays;
    const applyRetention = async (now = new Date()): Promise<RetentionResult> =>
      retentionDays === 0 ? { deleted: 0, anchor: null } : applyDecisionRetention(app, { now, retentionDays, shouldStop: () => stopping });
    await app.jobs.createQueue(retentionQueue, { name: retentionQueue, retryLimit: 3, retryDelay: 60, expireInSeconds: 3600 });
    // Hourly even when retention is off: the job also creates the months ahead (db/month-partitions.ts).
    await app.jobs.boss.schedule(retentionQueue, '17 * * * *', {}, { tz: 'UTC' });
    await app.jobs.boss.work(retentionQueue, { batchSize: 1, pollingIntervalSeconds: 30 }, async () => {
      const created = await ensureMonthPartitions(app.db, new Date());
      if (created.length > 0) app.log.info({ partitions: created }, 'monthly partitions created');
      const result = await applyRetention();
      if (result.deleted > 0) app.log.info({ deleted: result.deleted, anchor: result.anchor }, 'audit retention deleted decision events');
    });
    app.decorate('audit', { reports, applyRetention });
    app.addHook('onClose', async () => {
      stopping = true;
      reports.stop();
    });
  },
  { name: 'audit', dependencies: ['db', 'job-queue', 'audit-log'] },
);

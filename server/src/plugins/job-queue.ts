import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import { keepAlive } from '../db/knex.js';
import { withSessionLock } from '../db/session-lock.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** The PostgreSQL schema of pg-boss's tables. */
export const jobQueueSchema = 'pgboss';

/** The session advisory lock that pg-boss starts and queue creations of all replicas take in turn (an arbitrary key, as the audit log's). */
const queueSetupLock = 7017561995875804277n;

/**
 * Background jobs on PostgreSQL with pg-boss (its tables live in the `pgboss` schema): any replica
 * may run a job, and a job survives a crash because it is a row. Jobs are enqueued in the same
 * transaction as the change that causes them (inTransaction), so there is never one without the other.
 */
export class JobQueue {
  readonly boss: PgBoss;

  constructor(
    private readonly databaseUrl: string,
    log: (message: string, error: unknown) => void,
  ) {
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: jobQueueSchema,
      application_name: 'acctl-jobs',
      max: 4,
      ...keepAlive,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (error) => log('job queue error', error));
  }

  /**
   * pg-boss's start, one replica at a time: it creates pg-boss's own cron queue (its timekeeper
   * calls createQueue and swallows the error), which deadlocks with another replica's createQueue.
   */
  async start(): Promise<void> {
    await withSessionLock(this.databaseUrl, queueSetupLock, 'acctl-jobs-setup', () => this.boss.start());
  }

  /**
   * pg-boss's createQueue, one replica at a time: it adds a partition to pg-boss's job table, and
   * two replicas creating queues at once (a new deployment's first start) deadlock in PostgreSQL.
   * Idempotent, as createQueue is.
   */
  async createQueue(name: string, options?: PgBoss.Queue): Promise<void> {
    await withSessionLock(this.databaseUrl, queueSetupLock, 'acctl-jobs-setup', () => this.boss.createQueue(name, options));
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 5000, wait: true } as PgBoss.StopOptions);
  }

  /** A pg-boss executor that runs inside a Knex transaction. */
  static inTransaction(trx: Knex.Transaction): PgBoss.Db {
    return {
      executeSql: async (text: string, values: unknown[] = []) => {
        const { sql, bindings } = toKnexBindings(text, values);
        const result = (await trx.raw(sql, bindings as Knex.RawBinding[])) as { rows: unknown[] };
        return { rows: result.rows };
      },
    };
  }
}

/** pg-boss writes `$1` placeholders; Knex wants `?` in order of appearance (literal `?` escaped). */
export function toKnexBindings(text: string, values: unknown[]): { sql: string; bindings: unknown[] } {
  const bindings: unknown[] = [];
  const sql = text.replace(/\?/g, '\\?').replace(/\$(\d+)/g, (_match, index: string) => {
    bindings.push(values[Number(index) - 1] ?? null);
    return '?';
  });
  return { sql, bindings };
}

export const jobQueuePlugin = fp(
  async (app: FastifyInstance) => {
    const queue = new JobQueue(app.config.databaseUrl, (message, error) => app.log.error({ err: error }, message));
    await queue.start();
    app.decorate('jobs', queue);
    app.addHook('onClose', async () => queue.stop());
  },
  { name: 'job-queue', dependencies: ['config'] },
);

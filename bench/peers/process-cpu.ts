/**
 * CPU time of any process of this machine over the measured runs, from /proc, per item served: the
 * peers are not our Node servers (Cerbos is a Go binary that may use every core), so their cost is
 * read from outside, and ours the same way for a like-for-like figure. For acctl, the PostgreSQL
 * backends of its database are counted apart (pg-cpu.ts): the peers have no database.
 */
import { processCpuSeconds } from '../lib/machine.js';
import { cpuBetween, type CpuSample, type PgBackendCpu } from '../lib/pg-cpu.js';
import { significant } from '../lib/stats.js';

export interface ProcessCost {
  /** CPU time (user + system) of the server process per decision or token served. */
  cpu_us_per_item: number;
  /** CPU time over wall time: 1 = one core busy all the time. */
  cpu_cores: number;
  /** CPU time of the PostgreSQL backends of the server's database per item, when it has one. */
  database_cpu_us_per_item?: number;
}

interface Totals {
  cpuSeconds: number;
  wallSeconds: number;
  items: number;
  databaseSeconds?: number;
}

export class ProcessCpuMeter {
  private readonly totals = new Map<string, Totals>();
  private started: { cpu: number | undefined; at: number; database: CpuSample | undefined } | undefined;

  constructor(private readonly pg: PgBackendCpu) {}

  async start(pid: number, database?: string): Promise<void> {
    this.started = { cpu: await processCpuSeconds(pid), at: performance.now(), database: database ? await this.pg.sample(database) : undefined };
  }

  async stop(key: string, pid: number, items: number, database?: string): Promise<void> {
    const before = this.started;
    const cpu = await processCpuSeconds(pid);
    const databaseSeconds = database ? cpuBetween(before?.database, await this.pg.sample(database)) : undefined;
    if (before?.cpu === undefined || cpu === undefined) return;
    const total = this.totals.get(key) ?? { cpuSeconds: 0, wallSeconds: 0, items: 0 };
    total.cpuSeconds += cpu - before.cpu;
    total.wallSeconds += (performance.now() - before.at) / 1000;
    total.items += items;
    if (databaseSeconds !== undefined) total.databaseSeconds = (total.databaseSeconds ?? 0) + databaseSeconds;
    this.totals.set(key, total);
  }

  results(): Record<string, ProcessCost> {
    const perItem = (seconds: number, items: number): number => (items ? Math.round((seconds * 1e6) / items) : 0);
    return Object.fromEntries(
      [...this.totals].map(([key, total]) => [
        key,
        {
          cpu_us_per_item: perItem(total.cpuSeconds, total.items),
          cpu_cores: significant(total.wallSeconds ? total.cpuSeconds / total.wallSeconds : 0),
          ...(total.databaseSeconds === undefined ? {} : { database_cpu_us_per_item: perItem(total.databaseSeconds, total.items) }),
        },
      ]),
    );
  }
}

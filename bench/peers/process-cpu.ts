/**
 * CPU time of any process of this machine over the measured runs, from /proc, per item served: the
 * peers are not our Node servers (Cerbos is a Go binary that may use every core), so their cost is
 * read from outside, and ours the same way for a like-for-like figure.
 */
import { processCpuSeconds } from '../lib/machine.js';
import { significant } from '../lib/stats.js';

export interface ProcessCost {
  /** CPU time (user + system) per decision or token served. */
  cpu_us_per_item: number;
  /** CPU time over wall time: 1 = one core busy all the time. */
  cpu_cores: number;
}

export class ProcessCpuMeter {
  private readonly totals = new Map<string, { cpuSeconds: number; wallSeconds: number; items: number }>();
  private started: { cpu: number | undefined; at: number } | undefined;

  async start(pid: number): Promise<void> {
    this.started = { cpu: await processCpuSeconds(pid), at: performance.now() };
  }

  async stop(key: string, pid: number, items: number): Promise<void> {
    const before = this.started;
    const cpu = await processCpuSeconds(pid);
    if (before?.cpu === undefined || cpu === undefined) return;
    const total = this.totals.get(key) ?? { cpuSeconds: 0, wallSeconds: 0, items: 0 };
    total.cpuSeconds += cpu - before.cpu;
    total.wallSeconds += (performance.now() - before.at) / 1000;
    total.items += items;
    this.totals.set(key, total);
  }

  results(): Record<string, ProcessCost> {
    return Object.fromEntries(
      [...this.totals].map(([key, total]) => [key, { cpu_us_per_item: total.items ? Math.round((total.cpuSeconds * 1e6) / total.items) : 0, cpu_cores: significant(total.wallSeconds ? total.cpuSeconds / total.wallSeconds : 0) }]),
    );
  }
}

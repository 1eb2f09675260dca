/**
 * What the measured runs cost a server process (CPU time, event-loop use) and the PostgreSQL backends
 * of its database, summed over the runs of each measurement. Event-loop use well above CPU use means
 * the server was ready to run but waiting for a core.
 */
import type { ServerStats } from '../servers/child-protocol.js';
import type { BenchServer } from './children.js';
import { cpuBetween, type CpuSample, type PgBackendCpu } from './pg-cpu.js';

export interface ServerCost {
  /** Server process CPU time (user + system) per successful request. */
  cpu_us_per_request: number;
  cpu_us_per_item: number;
  /** CPU time over wall time: 1 = one core busy all the time. */
  server_cpu_cores: number;
  event_loop_utilization: number;
  /** CPU of the PostgreSQL backends of the server's database, when PostgreSQL runs on this machine. */
  pg_cpu_us_per_request?: number;
  pg_cpu_cores?: number;
  /** CPU of this process, the load generator (autocannon runs in it), per successful request. */
  generator_cpu_us_per_request: number;
}

interface Sample {
  stats: ServerStats;
  generator: NodeJS.CpuUsage;
  pg: CpuSample | undefined;
  at: number;
}

interface Totals {
  requests: number;
  items: number;
  cpuSeconds: number;
  wallSeconds: number;
  activeMs: number;
  loopMs: number;
  pgSeconds: number | undefined;
  generatorSeconds: number;
}

export class CostMeter {
  private readonly totals = new Map<string, Totals>();
  private started: Sample | undefined;

  constructor(private readonly pg: PgBackendCpu) {}

  async start(server: BenchServer, database: string | undefined): Promise<void> {
    this.started = await this.sample(server, database);
  }

  async stop(key: string, server: BenchServer, database: string | undefined, result: { requests: number; items: number }): Promise<void> {
    const before = this.started;
    if (!before) return;
    const after = await this.sample(server, database);
    const totals = this.totals.get(key) ?? {
      requests: 0,
      items: 0,
      cpuSeconds: 0,
      wallSeconds: 0,
      activeMs: 0,
      loopMs: 0,
      pgSeconds: undefined,
      generatorSeconds: 0,
    };
    totals.requests += result.requests;
    totals.items += result.items;
    totals.cpuSeconds += (after.stats.cpu.user + after.stats.cpu.system - before.stats.cpu.user - before.stats.cpu.system) / 1e6;
    totals.wallSeconds += (after.at - before.at) / 1000;
    totals.generatorSeconds += (after.generator.user + after.generator.system - before.generator.user - before.generator.system) / 1e6;
    totals.activeMs += after.stats.event_loop.active - before.stats.event_loop.active;
    totals.loopMs += after.stats.event_loop.active + after.stats.event_loop.idle - before.stats.event_loop.active - before.stats.event_loop.idle;
    const pg = cpuBetween(before.pg, after.pg);
    totals.pgSeconds = pg === undefined ? undefined : (totals.pgSeconds ?? 0) + pg;
    this.totals.set(key, totals);
    this.started = undefined;
  }

  results(): Record<string, ServerCost> {
    const costs: Record<string, ServerCost> = {};
    for (const [key, totals] of this.totals) {
      costs[key] = {
        cpu_us_per_request: Math.round((totals.cpuSeconds / totals.requests) * 1e6),
        cpu_us_per_item: Math.round((totals.cpuSeconds / totals.items) * 1e6),
        server_cpu_cores: Number((totals.cpuSeconds / totals.wallSeconds).toFixed(2)),
        event_loop_utilization: Number((totals.activeMs / totals.loopMs).toFixed(2)),
        generator_cpu_us_per_request: Math.round((totals.generatorSeconds / totals.requests) * 1e6),
        ...(totals.pgSeconds === undefined
          ? {}
          : {
              pg_cpu_us_per_request: Math.round((totals.pgSeconds / totals.requests) * 1e6),
              pg_cpu_cores: Number((totals.pgSeconds / totals.wallSeconds).toFixed(2)),
            }),
      };
    }
    return costs;
  }

  private async sample(server: BenchServer, database: string | undefined): Promise<Sample> {
    return { stats: await server.stats(), pg: database ? await this.pg.sample(database) : undefined, generator: process.cpuUsage(), at: performance.now() };
  }
}

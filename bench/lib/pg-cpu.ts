/**
 * CPU time of the PostgreSQL backends serving one database, from /proc: on a 2-core machine the
 * database competes with the server for the CPU, so what a request costs there matters as much. Only
 * when PostgreSQL runs on this machine and /proc shows its processes; otherwise every figure is
 * undefined. WAL writer and checkpointer are shared with other databases and left out.
 */
import pg from 'pg';
import { processCpuSeconds } from './machine.js';

export type CpuSample = Map<number, number>;

export class PgBackendCpu {
  private constructor(private readonly client: pg.Client) {}

  static async connect(adminUrl: string): Promise<PgBackendCpu> {
    const client = new pg.Client({ connectionString: adminUrl, application_name: 'acctl-bench' });
    await client.connect();
    return new PgBackendCpu(client);
  }

  /** CPU seconds so far of each backend connected to `database`, by pid; undefined when /proc cannot tell. */
  async sample(database: string): Promise<CpuSample | undefined> {
    const { rows } = await this.client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
    const sample: CpuSample = new Map();
    for (const { pid } of rows) {
      const seconds = await processCpuSeconds(pid);
      if (seconds === undefined) return undefined;
      sample.set(pid, seconds);
    }
    return sample;
  }

  async version(): Promise<string> {
    const { rows } = await this.client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]?.server_version ?? 'unknown';
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

/** CPU seconds between two samples; a backend that appeared in between counts from its start. */
export function cpuBetween(before: CpuSample | undefined, after: CpuSample | undefined): number | undefined {
  if (!before || !after) return undefined;
  let seconds = 0;
  for (const [pid, total] of after) seconds += total - (before.get(pid) ?? 0);
  return seconds;
}

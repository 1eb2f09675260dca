/**
 * The latency of the smallest durable write on the machine, measured beside a load: one-row INSERTs
 * on a connection of their own to the same database, each its own transaction (synchronous_commit
 * on, as acctl's writes), evenly paced at a low rate so the probe adds little load. A decision is
 * answered only after its write commits, and that write is larger than the probe's, so the probe's
 * latency is a floor under the decision's: when the probe's p99 is above a latency goal while the
 * goal's load runs, no decision path recorded durably on this database can meet that goal there.
 * pgbench's `--rate` with `--log` measures the same; this keeps it in the same run and process.
 */
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { percentiles, type Percentiles } from './stats.js';

/** Commits per second: a few hundred times fewer than the decisions around it. */
const commitProbeRate = 50;

export interface CommitFloor {
  rate: number;
  commits: number;
  latency_ms: Percentiles;
}

/** `load`'s result, and the commit floor measured on `databaseUrl` while it ran. */
export function besideCommitFloor<T>(databaseUrl: string, load: Promise<T>): Promise<[T, CommitFloor]> {
  return Promise.all([load, measureCommitFloor(databaseUrl, { rate: commitProbeRate, until: load })]);
}

/** Runs until `until` settles; latency runs from when each insert was sent to its commit's answer. */
async function measureCommitFloor(databaseUrl: string, options: { rate: number; until: Promise<unknown> }): Promise<CommitFloor> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'acctl-bench-commit-floor' });
  await client.connect();
  try {
    await client.query('CREATE TABLE IF NOT EXISTS bench_commit_probe (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())');
    let done = false;
    const stop = (): void => {
      done = true;
    };
    // Its failure is the caller's to report (it awaits the same promise); here it only stops the probe.
    options.until.then(stop, stop);
    const latencies: number[] = [];
    const intervalMs = 1000 / options.rate;
    const started = performance.now();
    for (let next = 0; !done; next++) {
      const wait = started + next * intervalMs - performance.now();
      if (wait > 0) await delay(wait);
      const sent = performance.now();
      await client.query('INSERT INTO bench_commit_probe DEFAULT VALUES');
      latencies.push(performance.now() - sent);
    }
    return { rate: options.rate, commits: latencies.length, latency_ms: percentiles(latencies, 3) };
  } finally {
    await client.end();
  }
}

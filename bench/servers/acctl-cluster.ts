/**
 * acctl with several server processes on one host for the HTTP benchmarks: `acctl server start
 * --workers N` as the CLI runs it (server.ts startServerProcesses: this process is the primary,
 * BENCH_WORKERS workers, default 2, serve on one port), on a database that is already migrated and
 * seeded, with the same client, token and unreachable rate limits as servers/acctl.ts. Without
 * Redis, so every request is counted by the primary over IPC, as in production on one host.
 *
 *   BENCH_DATABASE_URL=postgres://... node --import tsx bench/servers/acctl-cluster.ts
 *
 * Its stats (child-protocol.ts) are those of the whole process tree: CPU time of the primary and
 * every worker (from /proc), event-loop use of the primary alone (the workers' is not reachable).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { openAdminDatabase } from '../../server/src/admin/index.js';
import { startServerProcesses } from '../../server/src/server.js';
import { clientCredentialsToken, registerBenchClient } from './bench-client.js';
import { announceReady, stopOnRequest, type ServerStats } from './child-protocol.js';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('set BENCH_DATABASE_URL to a migrated database');
const workers = Number(process.env.BENCH_WORKERS ?? 2);

const unreachable = String(100_000_000);
const port = await findFreePort();
const server = await startServerProcesses({
  port,
  databaseUrl,
  workers,
  env: {
    ACCTL_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ACCTL_LOG_LEVEL: 'silent',
    ACCTL_RATE_LIMIT_STANDARD: unreachable,
    ACCTL_RATE_LIMIT_DECISION: unreachable,
    ACCTL_RATE_LIMIT_BULK: unreachable,
  },
});

const database = await openAdminDatabase({ databaseUrl });
const client = await registerBenchClient(database, process.env.BENCH_CLIENT_SCOPES?.split(' ') ?? ['evaluate:decisions']).finally(() => database.close());
const token = await clientCredentialsToken(`http://127.0.0.1:${port}`, client);

/** Microseconds of CPU (user + system) of this process's worker children so far, from /proc. */
function workersCpu(): { user: number; system: number } {
  let user = 0;
  let system = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid || !readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('cluster/worker')) continue;
      // utime and stime (proc(5)), in clock ticks of 10 ms.
      user += Number(fields[11]) * 10_000;
      system += Number(fields[12]) * 10_000;
    } catch {
      // Gone meanwhile.
    }
  }
  return { user, system };
}

stopOnRequest(() => server.stop(), {
  stats: (): ServerStats => {
    const own = process.cpuUsage();
    const children = workersCpu();
    return { cpu: { user: own.user + children.user, system: own.system + children.system }, event_loop: performance.eventLoopUtilization() };
  },
});
announceReady({ port, token, client_id: client.clientId, client_secret: client.clientSecret, workers });

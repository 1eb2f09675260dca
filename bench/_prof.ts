import { freshDatabase, setupTestDatabases, teardownTestDatabases } from '../test/helpers/database.js';
import { httpRequests, paymentsPolicies } from './fixtures/policies.js';
import { startServer, stopAllServers } from './lib/children.js';
import { singleRun } from './lib/load.js';
import { seedActivePolicies } from './lib/seed.js';
import { summariseProfile } from './profile-summary.js';
import { DecisionLedger } from './lib/ledger.js';
import { CostMeter } from './lib/server-cost.js';
import { PgBackendCpu } from './lib/pg-cpu.js';
import { adminDatabaseUrl } from '../test/helpers/database.js';
await setupTestDatabases();
try {
  const databaseUrl = await freshDatabase();
  await seedActivePolicies(databaseUrl, paymentsPolicies());
  const server = await startServer('prof', 'bench/servers/acctl.ts', { env: { BENCH_DATABASE_URL: databaseUrl } });
  const target = { url: server.url, path: '/v1/decisions/evaluate', method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${String(server.ready.token)}` }, bodies: httpRequests.map(({ request }) => JSON.stringify(request)), itemsPerRequest: 1, ledger: new DecisionLedger('prof', 'p') };
  await singleRun(target as any, { seconds: 2, connections: 32 });
  const prof = process.env.PROF === '1';
  const stop = prof ? await server.profile() : undefined;
  const pg = (await import('pg')).default; const c = new pg.Client({ connectionString: databaseUrl }); await c.connect();
  const q = async () => Number((await c.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()')).rows[0].xact_commit);
  const x0 = await q(); const r0 = Number((await c.query('SELECT count(*) FROM decisions')).rows[0].count);
  const pgc = await PgBackendCpu.connect(adminDatabaseUrl()); const meter = new CostMeter(pgc); const dbname = new URL(databaseUrl).pathname.slice(1);
  await meter.start(server, dbname);
  const load = await singleRun(target as any, { seconds: 8, connections: 32 });
  await meter.stop('e', server, dbname, { requests: load.ok, items: load.ok }); console.log('COST', JSON.stringify(meter.results().e)); await pgc.close();
  await new Promise((r) => setTimeout(r, 600));
  const x1 = await q(); const r1 = Number((await c.query('SELECT count(*) FROM decisions')).rows[0].count);
  console.log('commits', x1 - x0, 'decisions', r1 - r0, 'per commit', ((r1 - r0) / (x1 - x0)).toFixed(1)); await c.end();
  console.log('req/s', load.requests_per_second, 'p50', load.latency_ms.p50, 'p99', load.latency_ms.p99);
  if (stop) { await stop('/work/perf/eval.cpuprofile'); console.log(JSON.stringify(await summariseProfile('/work/perf/eval.cpuprofile', 40), null, 1)); }
} finally { await stopAllServers(); await teardownTestDatabases(); }

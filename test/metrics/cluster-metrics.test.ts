import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { getMetricsFromStream, type PromHistogramData, type PromData } from 'prom2javascript';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { freshDatabase } from '../helpers/database.js';
import { delay } from '../helpers/http.js';
import { answeredBy, callOnNewConnection, killLeftovers, startClusterServer, workerPids, type ClusterServer } from '../cluster/cluster-server.js';

/**
 * `--workers 2` with ACCTL_METRICS_PORT, as real processes: the primary serves the metrics port and
 * answers each scrape with the sum of its workers' metrics (metrics/cluster.ts), so one target per
 * host counts every request, whichever worker answered it.
 */
describe('Metrics of acctl server start --workers 2', function () {
  this.timeout(180_000);
  let server: ClusterServer | undefined;
  let metricsUrl: string;

  before(async () => {
    const metricsPort = await findFreePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await startClusterServer({
      databaseUrl: await freshDatabase(),
      keyEncryptionKey: randomBytes(32).toString('base64'),
      workers: 2,
      env: { ACCTL_METRICS_PORT: String(metricsPort), ACCTL_DB_POOL_MAX: '3' },
    });
  });
  after(async () => {
    if (server && server.primary.exitCode === null && server.primary.signalCode === null) {
      server.primary.kill('SIGTERM');
      const stopped = await Promise.race([server.exited.then(() => true), delay(30_000).then(() => false)]);
      if (!stopped) killLeftovers(server);
    }
  });

  const scrape = async (): Promise<Record<string, { data: unknown[] }>> => {
    const response = await fetch(metricsUrl);
    expect(response.status).to.equal(200);
    // prom-client writes an empty event-loop interval's NaN as `Nan`, which prom2javascript refuses (metrics.test.ts).
    return getMetricsFromStream(Readable.from([(await response.text()).replace(/^nodejs_eventloop_lag_\w+ Nan$/gm, '')]));
  };

  it('counts the requests of both workers in one scrape of the primary', async () => {
    const health = { method: 'GET', route: '/v1/health', status: '200' };
    const countOf = (metrics: Record<string, { data: unknown[] }>): number =>
      (metrics.acctl_http_request_duration_seconds?.data as PromHistogramData[] | undefined)?.find((sample) =>
        Object.entries(health).every(([label, value]) => sample.labels[label] === value),
      )?.count ?? 0;
    const before = countOf(await scrape());
    const answeredByPid = new Set<number>();
    // New connections are handed to the workers in turn; enough of them reach both.
    for (let i = 0; i < 12; i++) {
      const requestId = `metrics-health-${i}-${randomBytes(3).toString('hex')}`;
      const answer = await callOnNewConnection(`${server!.baseUrl}/health`, { requestId });
      expect(answer.status).to.equal(200);
      answeredByPid.add(await answeredBy(server!, requestId));
    }
    expect([...answeredByPid].sort(), 'both workers answered').to.deep.equal(workerPids(server!.primary.pid!));
    const after = await scrape();
    expect(countOf(after) - before).to.equal(12);
    // A gauge of each worker is added up: two pools of ACCTL_DB_POOL_MAX connections.
    expect((after.acctl_db_pool_max_connections!.data as PromData[])[0]!.value).to.equal(6);
  });

  it('is not served on the API port', async () => {
    const answer = await callOnNewConnection(`${new URL(server!.baseUrl).origin}/metrics`, { requestId: 'metrics-on-api-port' });
    expect(answer.status).to.equal(404);
  });
});

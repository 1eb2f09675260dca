import { AggregatorRegistry } from 'prom-client';
import { listenForScrapes, type MetricsListener } from './listener.js';

/**
 * The metrics listener of a cluster's primary process (`--workers N`), which serves no request
 * itself: each scrape asks every worker for its metrics over the cluster's IPC channel and answers
 * their sum (prom-client's AggregatorRegistry; gauges such as pool connections add up, event-loop
 * lag is averaged), so Prometheus sees one target per host whichever worker would have answered.
 * The workers answer once their app is built (metrics/plugin.ts); a worker that does not answer
 * within 5 s fails the scrape (503) rather than leave its counts out.
 */
export async function listenForWorkersScrapes(host: string, port: number, log: { error(details: object, message: string): void }): Promise<MetricsListener> {
  const workers = new AggregatorRegistry();
  return listenForScrapes(async () => ({ contentType: workers.contentType, text: await workers.clusterMetrics() }), host, port, log);
}

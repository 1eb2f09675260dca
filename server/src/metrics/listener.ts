import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../errors/api-error.js';

/** What a scrape answers: the text exposition format of a registry (or of a cluster's workers together). */
export type Scrape = () => Promise<{ contentType: string; text: string }>;

export interface MetricsListener {
  /** The port it listens on (the one configured, or the one picked for 0). */
  readonly port: number;
  close(): Promise<void>;
}

/**
 * The metrics listener: `GET /metrics` in Prometheus's text format, on a port of its own
 * (metricsPort) and nothing else. A listener apart from the API, as Keycloak's management
 * interface (port 9000), Ory Hydra's admin port and Dex's telemetry address serve theirs: the
 * scraper needs no token, the operator decides who reaches it by where it listens (metricsHost, a
 * network policy), and a scrape is neither rate-limited nor counted among the API's requests.
 */
export async function listenForScrapes(
  scrape: Scrape,
  host: string,
  port: number,
  log: { error(details: object, message: string): void },
): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') return sendProblem(response, new ApiError('route_not_found', `This listener serves GET /metrics only`));
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendProblem(response, new ApiError('method_not_allowed', `/metrics takes GET`, { headers: { allow: 'GET, HEAD' } }));
    scrape().then(
      ({ contentType, text }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        // A worker that does not answer (cluster), a collector that throws: no partial answer.
        log.error({ err: error }, 'metrics could not be collected');
        sendProblem(response, new ApiError('service_unavailable', 'The metrics could not be collected; try again', { headers: { 'retry-after': '1' } }));
      },
    );
  });
  // A scraper keeps its connection between scrapes; a slow or silent client is not waited for long.
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function sendProblem(response: http.ServerResponse, error: ApiError): void {
  response.writeHead(error.status, { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...error.headers });
  response.end(JSON.stringify(error.toProblem()));
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackReceiver {
  /** http://127.0.0.1:<port>/callback, the port chosen by the operating system. */
  redirectUri: string;
  /** The query of the next request to /callback. */
  nextCallback(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

/**
 * What the CLI does to receive the authorization code (RFC 8252 section 7.3): a one-page HTTP
 * server on 127.0.0.1, port 0, whose /callback the browser is redirected to.
 */
export async function startLoopbackReceiver(): Promise<LoopbackReceiver> {
  const waiting: Array<(query: URLSearchParams) => void> = [];
  const received: URLSearchParams[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>acctl</title><p>Signed in. You can close this window.</p>');
    const resolve = waiting.shift();
    if (resolve) resolve(url.searchParams);
    else received.push(url.searchParams);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    nextCallback: () => {
      const ready = received.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

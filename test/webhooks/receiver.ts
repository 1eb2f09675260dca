import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  at: number;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * What the receiver answers to one request: a status (and body, headers), after `delayMs` if
 * given or once `until` settles (a test lets it answer when it has seen what it waits for), or
 * nothing at all (hang).
 */
export type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number; until?: Promise<unknown> } | 'hang';

/**
 * A real webhook receiver: node:http on 127.0.0.1, port 0. It records every request and answers
 * from `script` in order (the last answer repeats), 200 by default.
 */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly waiters: Array<{ count: number; resolve: () => void }> = [];
  private readonly hanging = new Set<http.ServerResponse>();

  private constructor(
    private readonly server: http.Server,
    private script: Answer[],
  ) {}

  static async start(script: Answer[] = [{ status: 200 }]): Promise<Receiver> {
    const server = http.createServer();
    const receiver = new Receiver(server, script);
    server.on('request', (request, response) => receiver.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Requests received and not answered yet whose connection the sender still holds open. */
  get openRequests(): number {
    return [...this.hanging].filter((response) => response.socket !== null && !response.socket.destroyed).length;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  answer(script: Answer[]): void {
    this.script = script;
  }

  /** Resolves once `count` requests have arrived; fails after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedRequest[]> {
    if (this.requests.length < count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${this.requests.length} of ${count} requests in ${timeoutMs} ms`)), timeoutMs);
        this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    }
    return this.requests.slice(0, count);
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.socket?.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = this.requests.length;
      this.requests.push({
        at: Date.now(),
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      for (const waiter of this.waiters.filter((w) => this.requests.length >= w.count)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const answer = this.script[Math.min(index, this.script.length - 1)] ?? { status: 200 };
      if (answer === 'hang') {
        this.hanging.add(response);
        return;
      }
      const send = (): void => {
        this.hanging.delete(response);
        if (response.destroyed) return;
        response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        response.end(answer.body ?? '');
      };
      if (answer.until) {
        this.hanging.add(response);
        void answer.until.finally(send);
        return;
      }
      if (!answer.delayMs) return send();
      this.hanging.add(response);
      setTimeout(send, answer.delayMs).unref();
    });
  }
}

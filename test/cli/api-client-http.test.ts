import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ApiClient } from '../../cli/src/api/client.js';
import { retryPolicy } from '../../cli/src/api/retry-policy.js';
import { CommandError } from '../../cli/src/errors.js';
import { runCli } from './run-cli.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A real HTTP server on loopback that answers with `answers` in turn (the last one from then on) and records each request. */
async function scriptedServer(answer: (seen: Seen, index: number) => Answer): Promise<{ origin: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const record = { method: request.method ?? '', url: request.url ?? '', headers: request.headers };
      seen.push(record);
      const { status, headers = {}, body = '' } = answer(record, seen.length - 1);
      response.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const problem = (status: number, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/problem+json', ...headers },
  body: JSON.stringify({
    type: 'about:blank',
    title: 'Slow down',
    status,
    detail: `answered ${status}`,
    code: status === 429 ? 'rate_limited' : 'service_unavailable',
  }),
});
const ok: Answer = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":"p1"}' };

async function failureOf(promise: Promise<unknown>): Promise<CommandError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(CommandError);
    return error as CommandError;
  }
  throw new Error('expected a CommandError');
}

const now = Date.parse('2026-11-25T12:00:00Z');

/** A client of `origin` whose waits are recorded, not slept. */
function clientOf(origin: string): { client: ApiClient; waits: number[] } {
  const waits: number[] = [];
  const client = new ApiClient({
    server: origin,
    credentials: { kind: 'bearer', token: 'acctl_x' },
    version: '1.2.3',
    flagNames: ['scope', 'type', 'name'],
    sleep: async (ms) => {
      waits.push(ms);
    },
    now: () => now,
  });
  return { client, waits };
}

describe('the CLI API client over HTTP: retries, User-Agent, Idempotency-Key', () => {
  it('retries a GET answered 429 with Retry-After in seconds, waiting as asked, and sends User-Agent acctl/<version> every time', async () => {
    const server = await scriptedServer((_, index) => (index < 2 ? problem(429, { 'retry-after': '2' }) : ok));
    try {
      const { client, waits } = clientOf(server.origin);
      expect(await client.call('get', '/principals/{id}', { path: { id: 'p1' } })).to.deep.equal({ id: 'p1' });
      expect(server.seen.length).to.equal(3);
      expect(waits).to.deep.equal([2000, 2000]);
      expect(server.seen.map((request) => request.headers['user-agent'])).to.deep.equal(['acctl/1.2.3', 'acctl/1.2.3', 'acctl/1.2.3']);
    } finally {
      await server.close();
    }
  });

  it('reads a 503 Retry-After given as an HTTP-date against the clock', async () => {
    const server = await scriptedServer((_, index) => (index === 0 ? problem(503, { 'retry-after': new Date(now + 5000).toUTCString() }) : ok));
    try {
      const { client, waits } = clientOf(server.origin);
      await client.call('get', '/principals/{id}', { path: { id: 'p1' } });
      expect([server.seen.length, waits]).to.deep.equal([2, [5000]]);
    } finally {
      await server.close();
    }
  });

  it('gives up after 3 retries (1 s, 2 s, 4 s without Retry-After) with the last refusal', async () => {
    const server = await scriptedServer(() => problem(503));
    try {
      const { client, waits } = clientOf(server.origin);
      const failure = await failureOf(client.call('get', '/principals', {}));
      expect(server.seen.length).to.equal(1 + retryPolicy.maxRetries);
      expect(waits).to.deep.equal([1000, 2000, 4000]);
      expect(failure.message).to.equal('answered 503');
    } finally {
      await server.close();
    }
  });

  it('does not wait when Retry-After asks for more than 30 s: it fails at once and says how long the server asked', async () => {
    const server = await scriptedServer(() => problem(429, { 'retry-after': '120' }));
    try {
      const { client, waits } = clientOf(server.origin);
      const failure = await failureOf(client.call('get', '/principals', {}));
      expect([server.seen.length, waits]).to.deep.equal([1, []]);
      expect(failure.suggestions).to.include('The server asks to wait 120 s before trying again');
      // Its own code and exit, not internal_error; without RateLimit-Policy, the server's detail.
      expect([failure.code, failure.exitCode]).to.deep.equal(['rate_limited', 13]);
      expect(failure.message).to.equal('Rate limited by the server: answered 429; not retried: a wait over 30 s; try again in 120 s (Retry-After)');
    } finally {
      await server.close();
    }
  });

  it('retries a POST that creates with one Idempotency-Key, the same on every attempt', async () => {
    const server = await scriptedServer((_, index) => (index < 2 ? problem(503, { 'retry-after': '0' }) : { ...ok, status: 201 }));
    try {
      const { client } = clientOf(server.origin);
      await client.call('post', '/principals', { body: { kind: 'user', name: 'ada' } });
      const keys = server.seen.map((request) => request.headers['idempotency-key']);
      expect(keys).to.have.length(3);
      expect(keys[0]).to.match(/^[0-9a-f-]{36}$/);
      expect(new Set(keys).size).to.equal(1);
      // A second logical request gets a key of its own.
      await client.call('post', '/principals', { body: { kind: 'user', name: 'ada' } });
      expect(server.seen[3]!.headers['idempotency-key']).to.not.equal(keys[0]);
    } finally {
      await server.close();
    }
  });

  it('never repeats a POST without an Idempotency-Key, nor a PATCH', async () => {
    const server = await scriptedServer(() => problem(503, { 'retry-after': '0' }));
    try {
      const { client } = clientOf(server.origin);
      await failureOf(client.call('post', '/decisions/evaluate', { body: {} as never }));
      await failureOf(client.call('patch', '/principals/{id}', { path: { id: 'p1' }, body: {} }));
      expect(server.seen.map((request) => `${request.method} ${request.headers['idempotency-key'] ?? 'no key'}`)).to.deep.equal([
        'POST no key',
        'PATCH no key',
      ]);
    } finally {
      await server.close();
    }
  });

  it('retries each of 10 requests sent at once on its own', async () => {
    const tries = new Map<string, number>();
    const server = await scriptedServer((seen) => {
      const count = (tries.get(seen.url) ?? 0) + 1;
      tries.set(seen.url, count);
      return count === 1 ? problem(429, { 'retry-after': '1' }) : ok;
    });
    try {
      const { client, waits } = clientOf(server.origin);
      await Promise.all(Array.from({ length: 10 }, (_, i) => client.call('get', '/principals/{id}', { path: { id: `p${i}` } })));
      expect(server.seen.length).to.equal(20);
      expect(waits).to.deep.equal(Array.from({ length: 10 }, () => 1000));
    } finally {
      await server.close();
    }
  });
});

describe('a --server that is not acctl', () => {
  it('says so in one line when a 2xx answer is a web page, not JSON', async () => {
    const server = await scriptedServer(() => ({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<!doctype html>\n<html><title>Welcome to nginx!</title>',
    }));
    try {
      const failure = await failureOf(clientOf(server.origin).client.call('get', '/principals', {}));
      expect(failure.code).to.equal('server_unreachable');
      expect(failure.message).to.equal(
        `${server.origin} does not look like an acctl server (it answered HTTP 200 text/html: "<!doctype html> <html><title>Welcome to nginx!</title>")`,
      );
    } finally {
      await server.close();
    }
  });

  it('asks /v1/health once when an error is not problem+json, and names what answered', async () => {
    const server = await scriptedServer(() => ({ status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"Not Found"}' }));
    try {
      const failure = await failureOf(clientOf(server.origin).client.call('get', '/principals/{id}', { path: { id: 'p1' } }));
      expect(server.seen.map((request) => request.url)).to.deep.equal(['/v1/principals/p1', '/v1/health']);
      expect(failure.message).to.equal(
        `${server.origin} does not look like an acctl server (it answered HTTP 404 application/json: "{\\"message\\":\\"Not Found\\"}")`,
      );
    } finally {
      await server.close();
    }
  });

  it("keeps the answer of an acctl server behind a proxy that answered an error page (its /v1/health is acctl's)", async () => {
    const server = await scriptedServer((seen) =>
      seen.url === '/v1/health'
        ? {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ status: 'ok', version: '0.1.0', checks: { audit_log: { status: 'ok' } } }),
          }
        : { status: 502, headers: { 'content-type': 'text/html' }, body: 'Bad Gateway' },
    );
    try {
      const failure = await failureOf(clientOf(server.origin).client.call('get', '/principals/{id}', { path: { id: 'p1' } }));
      expect([failure.code, failure.message]).to.deep.equal(['internal_error', 'Bad Gateway']);
    } finally {
      await server.close();
    }
  });

  it('says so when the token endpoint answers a page, rather than blaming the client secret', async () => {
    const server = await scriptedServer(() => ({ status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not Found</h1>' }));
    try {
      const client = new ApiClient({ server: server.origin, credentials: { kind: 'client_credentials', clientId: 'c', clientSecret: 's' } });
      const failure = await failureOf(client.call('get', '/principals', {}));
      expect([failure.code, failure.message]).to.deep.equal([
        'server_unreachable',
        `${server.origin} does not look like an acctl server (it answered HTTP 404 text/html: "<h1>Not Found</h1>")`,
      ]);
    } finally {
      await server.close();
    }
  });

  it('acctl principal list exits 8 with one line naming the address', async () => {
    const server = await scriptedServer(() => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>'.padEnd(40_000, 'x') }));
    try {
      const result = await runCli(['principal', 'list'], { env: { ACCTL_SERVER: server.origin, ACCTL_TOKEN: 'acctl_x' } });
      expect(result.exitCode).to.equal(8);
      expect(result.stderr.split('\n')[0]).to.equal(
        `Error: ${server.origin} does not look like an acctl server (it answered HTTP 200 text/html: "<html>${'x'.repeat(54)}…")`,
      );
      expect(result.stderr.length).to.be.below(500);
    } finally {
      await server.close();
    }
  });
});

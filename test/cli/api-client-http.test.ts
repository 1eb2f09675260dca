import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ApiClient } from '../../cli/src/api/client.js';
import { retryPolicy } from '../../cli/src/api/retry-policy.js';
import { CommandError } from '../../kit/src/index.js';
import { runCli } from './run-cli.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

const acctlHealth: Answer = {
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ status: 'ok', version: '0.1.0', checks: { audit_log: { status: 'ok', failed_events: 0, dropped_events: 0 } } }),
};

/**
 * A real HTTP server on loopback that answers as `answer` says and records each request. As acctl
 * (the default), it answers GET /v1/health as acctl's, counted in `healthChecks` and not in `seen`;
 * `{ acctl: false }` leaves /v1/health to `answer` too.
 */
async function scriptedServer(
  answer: (seen: Seen, index: number) => Answer,
  options: { acctl?: boolean } = {},
): Promise<{ origin: string; seen: Seen[]; healthChecks: () => number; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  let healthChecks = 0;
  const server: Server = createServer((request, response) => {
    let received = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    request.on('end', () => {
      if ((options.acctl ?? true) && request.url === '/v1/health') {
        healthChecks += 1;
        response.writeHead(acctlHealth.status, acctlHealth.headers).end(acctlHealth.body);
        return;
      }
      const record = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: received };
      seen.push(record);
      const { status, headers = {}, body = '' } = answer(record, seen.length - 1);
      response.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, seen, healthChecks: () => healthChecks, close: () => new Promise((resolve) => server.close(() => resolve())) };
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
      // The server was asked whether it is acctl once, before the token went out.
      expect(server.healthChecks()).to.equal(1);
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
    const server = await scriptedServer(
      () => ({
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: '<!doctype html>\n<html><title>Welcome to nginx!</title>',
      }),
      { acctl: false },
    );
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

  it("asks /v1/health once when an error is not problem+json, and names what answered (a stored profile's server)", async () => {
    const server = await scriptedServer(() => ({ status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"Not Found"}' }), {
      acctl: false,
    });
    try {
      // A stored profile's server answered as acctl when it signed in: its requests go first, the check follows a strange answer.
      const client = new ApiClient({ server: server.origin, credentials: { kind: 'stored_profile', profile: 'p', accessToken: async () => 'acctl_x' } });
      const failure = await failureOf(client.call('get', '/principals/{id}', { path: { id: 'p1' } }));
      expect(server.seen.map((request) => request.url)).to.deep.equal(['/v1/principals/p1', '/v1/health']);
      expect(failure.message).to.equal(
        `${server.origin} does not look like an acctl server (it answered HTTP 404 application/json: "{\\"message\\":\\"Not Found\\"}")`,
      );
    } finally {
      await server.close();
    }
  });

  it("keeps the answer of an acctl server behind a proxy that answered an error page (its /v1/health is acctl's)", async () => {
    const server = await scriptedServer(() => ({ status: 502, headers: { 'content-type': 'text/html' }, body: 'Bad Gateway' }));
    try {
      const failure = await failureOf(clientOf(server.origin).client.call('get', '/principals/{id}', { path: { id: 'p1' } }));
      expect([failure.code, failure.message]).to.deep.equal(['internal_error', 'Bad Gateway']);
    } finally {
      await server.close();
    }
  });

  it('says so when the token endpoint answers a page, rather than blaming the client secret', async () => {
    const server = await scriptedServer(
      (seen) => (seen.url === '/v1/health' ? acctlHealth : { status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not Found</h1>' }),
      { acctl: false },
    );
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
    const server = await scriptedServer(() => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>'.padEnd(40_000, 'x') }), {
      acctl: false,
    });
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
  it('sends neither ACCTL_CLIENT_SECRET nor ACCTL_TOKEN to a server that is not acctl: the CLI asks what it is first', async () => {
    // Another JSON API at the address: 200 and JSON to everything, as a mistyped port may well answer.
    const server = await scriptedServer(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true,"items":[]}' }), {
      acctl: false,
    });
    const secret = 'acctl_cs_secretthatmustnotleave';
    const token = 'acctl_api_tokenthatmustnotleave';
    try {
      for (const [env, command] of [
        [{ ACCTL_CLIENT_ID: 'ci', ACCTL_CLIENT_SECRET: secret }, ['policy', 'list']],
        [{ ACCTL_TOKEN: token }, ['audit', 'verify']],
        [{ ACCTL_TOKEN: token }, ['decision', 'list', '--json']],
      ] as const) {
        const result = await runCli(command, { env: { ACCTL_SERVER: server.origin, ...env } });
        expect(result.exitCode, result.stderr).to.equal(8);
        expect(result.stdout).not.to.include('intact');
        // On stderr, or in the JSON error on stdout with --json.
        const said = (command as readonly string[]).includes('--json') ? result.document<{ error: { message: string } }>().error.message : result.stderr;
        expect(said).to.include(
          `${server.origin} does not look like an acctl server (it answered HTTP 200 application/json: "{\\"ok\\":true,\\"items\\":[]}")`,
        );
      }
      expect(server.seen.map((request) => `${request.method} ${request.url}`)).to.deep.equal(Array(3).fill('GET /v1/health'));
      for (const request of server.seen) {
        expect(request.headers.authorization).to.equal(undefined);
        expect(request.body).to.equal('');
      }
    } finally {
      await server.close();
    }
  });
});

describe('the CLI API client: the token request of ACCTL_CLIENT_ID/ACCTL_CLIENT_SECRET', () => {
  const token: Answer = {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '{"access_token":"acctl_at","token_type":"Bearer","expires_in":900}',
  };
  const oauthRefusal = (status: number, headers: Record<string, string> = {}, body: object = { error: 'temporarily_unavailable' }): Answer => ({
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  function clientCredentialsClient(origin: string): { client: ApiClient; waits: number[] } {
    const waits: number[] = [];
    const client = new ApiClient({
      server: origin,
      credentials: { kind: 'client_credentials', clientId: 'ci', clientSecret: 'acctl_cs_x' },
      sleep: async (ms) => {
        waits.push(ms);
      },
      now: () => now,
    });
    return { client, waits };
  }

  it('retries the token request answered 503 and 429 as Retry-After asks, then uses the token', async () => {
    let grants = 0;
    const server = await scriptedServer((seen) => {
      if (seen.url !== '/v1/oauth/token') return ok;
      grants += 1;
      return grants === 1 ? oauthRefusal(503, { 'retry-after': '1' }) : grants === 2 ? problem(429, { 'retry-after': '2' }) : token;
    });
    try {
      const { client, waits } = clientCredentialsClient(server.origin);
      expect(await client.call('get', '/principals/{id}', { path: { id: 'p1' } })).to.deep.equal({ id: 'p1' });
      expect(waits).to.deep.equal([1000, 2000]);
      expect(server.seen.map((request) => request.url)).to.deep.equal(['/v1/oauth/token', '/v1/oauth/token', '/v1/oauth/token', '/v1/principals/p1']);
      expect(server.seen.at(-1)!.headers.authorization).to.equal('Bearer acctl_at');
    } finally {
      await server.close();
    }
  });

  it('gives up on a token endpoint still answering 503 after 3 retries, naming the reason in words', async () => {
    const server = await scriptedServer(() => oauthRefusal(503, {}, { error: { nested: true }, detail: 'The database is unavailable' }));
    try {
      const { client, waits } = clientCredentialsClient(server.origin);
      const failure = await failureOf(client.call('get', '/principals', {}));
      expect(waits).to.deep.equal([1000, 2000, 4000]);
      expect(failure.code).to.equal('internal_error');
      expect(failure.message).to.equal('The server could not issue a token (still failing after 3 retries): The database is unavailable');
      expect(failure.message).not.to.include('[object Object]');
    } finally {
      await server.close();
    }
  });

  it('does not retry a refused secret, and says to check it', async () => {
    const server = await scriptedServer(() => oauthRefusal(401, {}, { error: 'invalid_client', error_description: 'Client authentication failed' }));
    try {
      const { client, waits } = clientCredentialsClient(server.origin);
      const failure = await failureOf(client.call('get', '/principals', {}));
      expect([waits, server.seen.length]).to.deep.equal([[], 1]);
      expect([failure.code, failure.message]).to.deep.equal([
        'auth_error',
        'The server refused ACCTL_CLIENT_ID/ACCTL_CLIENT_SECRET: Client authentication failed',
      ]);
    } finally {
      await server.close();
    }
  });
});

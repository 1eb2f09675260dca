import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { expect } from 'chai';
import type { CliAuditTailLine } from '../../../core/src/index.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { TcpProxy } from '../../helpers/tcp-proxy.js';
import { eventually } from '../../audit/helpers.js';
import { apiAs, serverOrigin } from '../resources-support.js';
import { ndjsonLines, spawnCli } from '../run-cli.js';

/** A running `acctl audit tail`, its output as it arrives, and its exit. */
function startTail(server: string, clientId: string, clientSecret: string, args: string[]) {
  const child: ChildProcess = spawnCli(['audit', 'tail', '--interval', '200ms', ...args], {
    ACCTL_SERVER: server,
    ACCTL_CLIENT_ID: clientId,
    ACCTL_CLIENT_SECRET: clientSecret,
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (stream: 'stdout' | 'stderr', pattern: RegExp | string, what: string) =>
    eventually(
      async () => ((typeof pattern === 'string' ? output[stream].includes(pattern) : pattern.test(output[stream])) ? true : undefined),
      60_000,
      `${what}\nstdout: ${output.stdout}\nstderr: ${output.stderr}`,
    );
  return { child, output, exited, waitFor };
}

describe('acctl audit tail', function () {
  this.timeout(120_000);
  let t: TestApp;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let reader: Awaited<ReturnType<typeof apiAs>>['client'];
  const running: ChildProcess[] = [];

  let writer: Awaited<ReturnType<typeof apiAs>>['client'];

  before(async () => {
    t = await startTestApp({ listen: true });
    ({ call, client: writer } = await apiAs(t, ['write:principals']));
    reader = (await apiAs(t, ['read:audit'])).client;
  });
  afterEach(() => {
    for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });
  after(() => t.close());

  it('prints an event created after it started, not the ones before, and exits 0 on SIGINT', async () => {
    const old = await call('POST', '/v1/principals', { kind: 'service', name: 'before-tail' });
    const tail = startTail(serverOrigin(t), reader.clientId, reader.clientSecret, ['--type', 'principal.*']);
    running.push(tail.child);
    // Printed once its starting point is fixed: what is committed from then on is new.
    await tail.waitFor('stderr', 'Following new audit events', 'the tail to start');
    const created = await call('POST', '/v1/principals', { kind: 'service', name: 'after-tail' });
    await tail.waitFor('stdout', `principal:${created.id}`, 'the new event');
    const line = tail.output.stdout.split('\n').find((entry) => entry.includes(created.id))!;
    // The actor by its name (the OAuth client's), its id beside it.
    expect(line).to.match(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}  principal\.created  Test client \((\S+)\)  principal:\S+ \(after-tail\)  success  [0-9a-f-]{36}$/,
    );
    expect(line).to.contain(`Test client (${writer.clientId})`);
    expect(tail.output.stdout).not.to.contain(old.id);
    tail.child.kill('SIGINT');
    expect(await tail.exited).to.deep.equal({ code: 0, signal: null });
  });

  it('with --since prints earlier events first, then new ones, one { format_version, event, names } object per line, and exits 0 on SIGTERM', async () => {
    const earlier = await call('POST', '/v1/principals', { kind: 'agent', name: 'since-tail' });
    const tail = startTail(serverOrigin(t), reader.clientId, reader.clientSecret, ['--target-type', 'principal', '--since', '10m', '--json']);
    running.push(tail.child);
    await tail.waitFor('stdout', earlier.id, 'the earlier event');
    const later = await call('POST', '/v1/principals', { kind: 'agent', name: 'since-tail-2' });
    await tail.waitFor('stdout', later.id, 'the later event');
    // Each line checked against schemas/cli/audit-tail.json on its own, as a reader of one line would.
    const lines = ndjsonLines<CliAuditTailLine>(['audit', 'tail', '--json'], tail.output.stdout);
    expect(lines.every((line) => line.format_version === '1')).to.equal(true);
    expect(lines.every((line) => line.names[writer.clientId] === 'Test client')).to.equal(true);
    const events = lines.map((line) => line.event);
    const sequences = events.map((event) => event.sequence);
    expect(sequences).to.deep.equal([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).to.equal(sequences.length);
    expect(events.every((event) => event.target.type === 'principal')).to.equal(true);
    expect(events.map((event) => event.target.id)).to.include.members([earlier.id, later.id]);
    tail.child.kill('SIGTERM');
    expect((await tail.exited).code).to.equal(0);
  });

  it('stops on SIGINT with exit code 0 even while a request gets no answer', async () => {
    // A server that accepts connections and never answers.
    const connections: net.Socket[] = [];
    const silent = net.createServer((socket) => connections.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const child = spawnCli(['audit', 'tail'], { ACCTL_SERVER: `http://127.0.0.1:${port}`, ACCTL_TOKEN: 'any-token' });
      running.push(child);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await eventually(async () => (connections.length > 0 ? true : undefined), 60_000, 'the request');
      child.kill('SIGINT');
      expect(await exited).to.equal(0);
    } finally {
      for (const socket of connections) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('reports a server that stops answering on stderr, keeps retrying, and picks up again when it is back', async () => {
    const { proxy, url } = await TcpProxy.start(t.baseUrl);
    try {
      const tail = startTail(new URL(url).origin, reader.clientId, reader.clientSecret, ['--type', 'principal.created']);
      running.push(tail.child);
      await tail.waitFor('stderr', 'Following new audit events', 'the tail to start');
      await proxy.cut();
      await tail.waitFor('stderr', /Cannot reach the acctl server at \S+: ECONNREFUSED; retrying in [\d.]+s/, 'the retry message');
      await proxy.restore();
      const created = await call('POST', '/v1/principals', { kind: 'service', name: 'after-outage' });
      await tail.waitFor('stdout', created.id, 'the event after the outage');
      expect(tail.child.exitCode).to.equal(null);
      tail.child.kill('SIGINT');
      expect((await tail.exited).code).to.equal(0);
    } finally {
      await proxy.close();
    }
  });
});

describe('the CLI API client with a token that stops working', function () {
  this.timeout(60_000);
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ listen: true });
  });
  after(() => t.close());

  it('obtains a new access token once when the server refuses the one it holds (a long audit tail outlives a token)', async () => {
    const { client } = await apiAs(t, ['read:audit']);
    const { ApiClient } = await import('../../../cli/src/api/client.js');
    const bearers: string[] = [];
    // The real fetch, noting which token each API call carries.
    const noting: typeof fetch = (input, init) => {
      const authorization = new Headers(init?.headers).get('authorization');
      if (authorization) bearers.push(authorization.slice('Bearer '.length));
      return fetch(input, init);
    };
    const api = new ApiClient({
      server: serverOrigin(t),
      credentials: { kind: 'client_credentials', clientId: client.clientId, clientSecret: client.clientSecret },
      fetch: noting,
    });
    await api.call('get', '/audit/events', { query: { limit: 1 } });
    // RFC 7009: the client revokes the access token the CLI holds, as expiry would end it.
    const revoked = await fetch(`${t.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: bearers[0]!, client_id: client.clientId, client_secret: client.clientSecret }),
    });
    expect(revoked.status).to.equal(200);
    const page = await api.call('get', '/audit/events', { query: { limit: 1 } });
    expect(page.data).to.have.length(1);
    expect(bearers).to.have.length(3);
    expect(bearers[1]).to.equal(bearers[0]);
    expect(bearers[2]).to.not.equal(bearers[0]);
  });
});

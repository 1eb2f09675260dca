import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { expect } from 'chai';
import pg from 'pg';
import { freshDatabase } from '../helpers/database.js';
import { delay } from '../helpers/http.js';
import { awayFromWindowEdge } from '../rate-limits/support.js';
import { answeredBy, callOnNewConnection, startClusterServer, until, workerPids, type Answer, type ClusterServer, killLeftovers } from './cluster-server.js';

/**
 * Issue #11: `acctl server start --workers 2` runs a primary process and two workers on one port,
 * on one database, as real processes. Which process answered a request is read from the server's
 * own log lines (pino's `pid`), never from anything a client sees.
 */
describe('acctl server start --workers 2', function () {
  this.timeout(180_000);
  const clientId = 'cluster-bootstrap';
  const clientSecret = randomBytes(24).toString('base64url');
  const decisionLimit = 6;
  let databaseUrl: string;
  let server: ClusterServer;
  let probes = 0;
  const nextId = (label: string): string => `${label}-${++probes}-${randomBytes(3).toString('hex')}`;

  const token = async (): Promise<{ token: string; requestId: string }> => {
    const requestId = nextId('token');
    const answer = await callOnNewConnection(`${server.baseUrl}/oauth/token`, {
      form: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
      requestId,
    });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return { token: answer.body.access_token as string, requestId };
  };
  const evaluate = (bearer: string, requestId: string): Promise<Answer> =>
    callOnNewConnection(`${server.baseUrl}/decisions/evaluate`, {
      token: bearer,
      requestId,
      body: { principal: { type: 'USER', id: 'u-1' }, resource: { type: 'doc', identifier: 'd-1' }, action: 'read' },
    });

  before(async () => {
    databaseUrl = await freshDatabase();
    server = await startClusterServer({
      databaseUrl,
      keyEncryptionKey: randomBytes(32).toString('base64'),
      workers: 2,
      env: { ACCTL_BOOTSTRAP_CLIENT_ID: clientId, ACCTL_BOOTSTRAP_CLIENT_SECRET: clientSecret, ACCTL_RATE_LIMIT_DECISION: String(decisionLimit) },
    });
  });
  after(async () => {
    if (server && server.primary.exitCode === null && server.primary.signalCode === null) {
      server.primary.kill('SIGTERM');
      const stopped = await Promise.race([server.exited.then(() => true), delay(30_000).then(() => false)]);
      if (!stopped) for (const pid of [server.primary.pid!, ...workerPids(server.primary.pid!)]) process.kill(pid, 'SIGKILL');
    }
  });

  it('prints its ServerStarted document once, with the primary pid and the number of workers', () => {
    expect(server.started).to.include({ api_url: server.baseUrl, database: 'external', pid: server.primary.pid, workers: 2 });
    expect(workerPids(server.primary.pid!)).to.have.lengthOf(2);
  });

  it('answers requests from two different worker processes, never from the primary', async () => {
    const pids = new Set<number>();
    for (let n = 0; n < 8; n++) {
      const requestId = nextId('health');
      expect((await callOnNewConnection(`${server.baseUrl}/health`, { requestId })).status).to.equal(200);
      pids.add(await answeredBy(server, requestId));
    }
    expect([...pids].sort()).to.deep.equal(workerPids(server.primary.pid!));
    expect(pids).to.not.include(server.primary.pid);
  });

  it('accepts a token issued by one worker on every connection, whichever worker answers', async () => {
    const issued = await token();
    const issuer = await answeredBy(server, issued.requestId);
    const others = new Set<number>();
    for (let n = 0; n < 8; n++) {
      const requestId = nextId('policies');
      const answer = await callOnNewConnection(`${server.baseUrl}/policies`, { token: issued.token, requestId });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      others.add(await answeredBy(server, requestId));
    }
    expect(
      [...others].filter((pid) => pid !== issuer),
      'some request went to the worker that did not issue the token',
    ).to.not.be.empty;
  });

  it('enforces a rate limit as one count across the workers (429 after the limit, whichever worker answers)', async () => {
    // Windows are whole clock minutes (plugins/rate-limits): all requests must share one. They take a
    // few seconds, so only the last 15 of a minute are waited out, not half of every minute.
    await awayFromWindowEdge(15);
    const { token: bearer } = await token();
    const statuses: number[] = [];
    const pidsOf = new Map<number, Set<number>>();
    for (let n = 0; n < decisionLimit + 4; n++) {
      const requestId = nextId('evaluate');
      const answer = await evaluate(bearer, requestId);
      statuses.push(answer.status);
      const pid = await answeredBy(server, requestId);
      if (!pidsOf.has(answer.status)) pidsOf.set(answer.status, new Set());
      pidsOf.get(answer.status)!.add(pid);
    }
    expect(statuses).to.deep.equal([...Array<number>(decisionLimit).fill(200), ...Array<number>(4).fill(429)]);
    expect(pidsOf.get(200)!.size, 'both workers answered within the limit').to.equal(2);
    expect(pidsOf.get(429)!.size, 'both workers refused past it').to.equal(2);
  });

  it('replaces a worker killed with SIGKILL, and requests keep succeeding', async () => {
    const before = workerPids(server.primary.pid!);
    const killed = before[0]!;
    process.kill(killed, 'SIGKILL');
    // A connection the primary hands to the worker between its death and the moment the primary
    // learns of it is lost (Node's round-robin cluster; README "Several processes on one host").
    await until('the primary knows the worker is gone', () =>
      new RegExp(`Worker process ${killed} was ended by SIGKILL; starting another`).test(server.stderr()),
    );
    // Requests while the primary replaces it.
    for (let n = 0; n < 6; n++) expect((await callOnNewConnection(`${server.baseUrl}/health`, { requestId: nextId('during') })).status).to.equal(200);
    await until('a new worker listens in place of the killed one', () => {
      const now = workerPids(server.primary.pid!);
      return now.length === 2 && !now.includes(killed);
    });
    const replacement = workerPids(server.primary.pid!).find((pid) => !before.includes(pid))!;
    await until('the replacement answers', async () => {
      const requestId = nextId('after');
      expect((await callOnNewConnection(`${server.baseUrl}/health`, { requestId })).status).to.equal(200);
      return (await answeredBy(server, requestId)) === replacement;
    });
  });

  it('on SIGTERM, completes the requests in flight on every worker, then the primary exits 0 and no database connection is left', async () => {
    // Token requests whose body is still arriving: in flight for as long as this test wants.
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString();
    const inFlight = Array.from({ length: 2 }, () => {
      const requestId = nextId('in-flight');
      let finish!: () => void;
      const answered = new Promise<number>((resolve, reject) => {
        const req = request(
          `${server.baseUrl}/oauth/token`,
          {
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)), 'x-request-id': requestId },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        finish = () => req.end(body.slice(10));
      });
      return { requestId, answered, finish: () => finish() };
    });
    const arrival = (requestId: string): Record<string, unknown> | undefined =>
      server.logs().find((entry) => entry.client_request_id === requestId && entry.msg === 'incoming request');
    await until('both requests reached a worker', () => inFlight.every(({ requestId }) => arrival(requestId) !== undefined));
    expect(new Set(inFlight.map(({ requestId }) => arrival(requestId)!.pid)).size, 'one request on each worker').to.equal(2);
    server.primary.kill('SIGTERM');
    // Both workers are closing (no new request is taken) while their requests are still pending.
    const workers = inFlight.map(({ requestId }) => arrival(requestId)!.pid);
    await until('both workers are closing', () =>
      workers.every((pid) => server.logs().some((entry) => entry.pid === pid && entry.msg === 'worker closing: finishing in-flight requests')),
    );
    for (const request of inFlight) request.finish();
    expect(await Promise.all(inFlight.map((request) => request.answered))).to.deep.equal([200, 200]);
    expect(await server.exited).to.deep.equal({ code: 0, signal: null });
    const database = new URL(databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    try {
      await until(
        'no connection to the database is left',
        async () => Number((await admin.query('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [database])).rows[0].n) === 0,
        20_000,
      );
    } finally {
      await admin.end();
    }
  });
});

describe('acctl server start --workers 2 with workers that keep dying', function () {
  this.timeout(180_000);
  let server: ClusterServer | undefined;
  after(() => killLeftovers(server));

  it('gives up after five exits within a minute: stops the other workers, says why, exits 1', async () => {
    server = await startTwoWorkers();
    const primary = server.primary.pid!;
    const survivor = workerPids(primary)[1]!;
    const killed = new Set<number>();
    while (killed.size < 5 && server.primary.exitCode === null) {
      await until('a worker to kill', () => server!.primary.exitCode !== null || workerPids(primary).some((pid) => pid !== survivor && !killed.has(pid)));
      const victim = workerPids(primary).find((pid) => pid !== survivor && !killed.has(pid));
      if (victim === undefined) break;
      process.kill(victim, 'SIGKILL');
      killed.add(victim);
    }
    expect(killed.size).to.equal(5);
    expect(await server.exited).to.deep.equal({ code: 1, signal: null });
    expect(server.stderr()).to.match(/5 worker processes exited within 60 s .*giving up/);
    await until('the surviving worker has stopped too', () => workerPids(primary).length === 0 && !existsProcess(survivor), 20_000);
  });
});

describe('acctl server start --workers 2 stopped while it replaces a worker', function () {
  this.timeout(180_000);
  let server: ClusterServer | undefined;
  after(() => killLeftovers(server));

  it('on SIGTERM, stops the replacement too (even one still starting) and exits 0', async () => {
    server = await startTwoWorkers();
    const primary = server.primary.pid!;
    const [killed, survivor] = workerPids(primary);
    process.kill(killed!, 'SIGKILL');
    await until('the replacement is forked', () => workerPids(primary).some((pid) => pid !== killed && pid !== survivor));
    const replacement = workerPids(primary).find((pid) => pid !== killed && pid !== survivor)!;
    server.primary.kill('SIGTERM');
    expect(await server.exited).to.deep.equal({ code: 0, signal: null });
    await until('no worker is left', () => !existsProcess(replacement) && !existsProcess(survivor!), 20_000);
  });
});

function existsProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A cluster of two workers on a fresh database of its own. */
async function startTwoWorkers(): Promise<ClusterServer> {
  return startClusterServer({ databaseUrl: await freshDatabase(), keyEncryptionKey: randomBytes(32).toString('base64'), workers: 2 });
}

import { expect } from 'chai';
import pg from 'pg';
import { createKnex } from '../../server/src/db/knex.js';
import { registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { adminDatabaseUrl, freshDatabase } from '../helpers/database.js';
import { clientCredentialsToken, delay, httpCall, type HttpAnswer } from '../helpers/http.js';
import { expectSchema } from '../helpers/schemas.js';
import { TcpProxy } from '../helpers/tcp-proxy.js';
import { eventually } from '../helpers/eventually.js';
import { webhookTestConfig } from '../webhooks/fixtures.js';
import { Receiver } from '../webhooks/receiver.js';
import { allowReadDocs, Load, tally, type Outcome } from './load.js';

/**
 * Issue #10 (a): PostgreSQL goes away while the service is under load, and comes back. The service
 * answers 503 problem+json meanwhile (never 500, never a hang), says it is not ready, recovers by
 * itself, and has kept every write it acknowledged.
 */
describe('PostgreSQL goes away under load', function () {
  this.timeout(60_000);
  let databaseUrl: string;
  let proxy: TcpProxy;
  let t: TestApp;
  let token: string;
  let base: string;
  /** The app's log lines from warn up: a test waits for what the app says as it meets the outage. */
  const logged: string[] = [];

  before(async () => {
    databaseUrl = await freshDatabase();
    const started = await TcpProxy.start(databaseUrl);
    proxy = started.proxy;
    t = await startTestApp({
      listen: true,
      databaseUrl: started.url,
      config: { ...webhookTestConfig, logLevel: 'warn' },
      buildOptions: { logStream: { write: (line: string) => void logged.push(line) } },
    });
    base = `http://127.0.0.1:${t.config.port}/v1`;
    const client = await registerClient(t.app, ['admin:all']);
    token = await clientCredentialsToken(base, client.clientId, client.clientSecret);
    const policy = await httpCall(`${base}/policies`, { token, body: { name: 'outage-allow', status: 'active', rules: [allowReadDocs] } });
    expect(policy.status).to.equal(201);
  });
  afterEach(async () => proxy.restore());
  after(async () => {
    await t.close();
    await proxy.close();
  });

  const ready = async (): Promise<number> => (await httpCall(`${base}/ready`)).status;

  /** Every answer is a success or a 503 problem+json; nothing failed to answer, nothing timed out. */
  function expectOnlySuccessOr503(outcomes: Outcome[]): void {
    const summary = JSON.stringify(tally(outcomes));
    for (const outcome of outcomes) {
      expect([200, 201, 503], summary).to.include(outcome.status);
      if (outcome.status === 503) {
        expect(outcome.contentType, summary).to.match(/^application\/problem\+json/);
        expectSchema('problem', outcome.problem);
        expect(outcome.problem).to.include({ code: 'service_unavailable', status: 503 });
      }
    }
  }

  /** Every decision and policy the load saw acknowledged is in the database, read past the proxy. */
  async function expectAcknowledgedStored(load: Load): Promise<void> {
    const db = createKnex(databaseUrl, 1);
    try {
      const decisions = await db('decisions').whereIn('id', load.decisions).count<{ count: number }[]>({ count: '*' });
      expect(decisions[0]!.count, 'acknowledged decisions stored').to.equal(load.decisions.length);
      const policies = await db('policies')
        .whereIn(
          'id',
          load.policies.map((p) => p.id),
        )
        .select('id', 'name', 'rules', 'version');
      expect(policies, 'acknowledged policies stored').to.have.lengthOf(load.policies.length);
      for (const stored of policies) {
        const sent = load.policies.find((p) => p.id === stored.id)!;
        expect(stored).to.deep.include({ name: sent.name, version: 1 });
        expect(stored.rules).to.deep.equal(sent.rules);
      }
    } finally {
      await db.destroy();
    }
  }

  it('answers 503 problem+json while the database is cut off, before it returns, and recovers by itself with every acknowledged write kept', async () => {
    const load = new Load(() => base, token, { workers: 8 });
    await eventually(async () => (load.acknowledged >= 30 ? true : undefined), 20_000, 'load before the outage');
    await proxy.cut();
    // Requests that arrive while the database is away are answered while it is still away: they
    // fail fast rather than wait for it.
    const whileAway: HttpAnswer[] = await Promise.all([
      httpCall(`${base}/decisions/evaluate`, { token, body: { principal: { type: 'USER' }, resource: { type: 'doc', identifier: 'x' }, action: 'read' } }),
      httpCall(`${base}/policies`, { token, body: { name: 'during-outage', status: 'active', rules: [allowReadDocs] } }),
      httpCall(`${base}/policies`, { token }),
      httpCall(`${base}/principals`, { token }),
    ]);
    for (const answer of whileAway) {
      expect(answer.status, JSON.stringify(answer.body)).to.equal(503);
      expect(answer.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(answer.headers.get('retry-after')).to.be.a('string');
      expect(answer.body).to.include({ code: 'service_unavailable' });
    }
    const notReady = await httpCall(`${base}/ready`);
    expect(notReady.status).to.equal(503);
    expect(notReady.body.checks.database.status).to.equal('unavailable');
    expect((await httpCall(`${base}/health`)).status, 'alive while not ready').to.equal(200);
    // The load keeps being answered during the outage: 16 more answers (two a worker), the database still away.
    const answeredBefore = load.outcomes.length;
    await eventually(async () => (load.outcomes.length >= answeredBefore + 16 ? true : undefined), 20_000, 'the load to be answered during the outage');

    await proxy.restore();
    await eventually(async () => ((await ready()) === 200 ? true : undefined), 20_000, '/ready to answer 200 after the database returned');
    const acknowledgedBeforeRecovery = load.acknowledged;
    await eventually(async () => (load.acknowledged >= acknowledgedBeforeRecovery + 30 ? true : undefined), 20_000, 'the load to be served again');
    await load.stop();

    expectOnlySuccessOr503(load.outcomes);
    expect(load.outcomes.filter((o) => o.status === 503).length, JSON.stringify(tally(load.outcomes))).to.be.greaterThan(0);
    await expectAcknowledgedStored(load);
  });

  it('answers 503, not 500, to requests whose database connections are terminated, and serves the next ones', async () => {
    const load = new Load(() => base, token, { workers: 8 });
    await eventually(async () => (load.acknowledged >= 30 ? true : undefined), 20_000, 'load before the terminations');
    // As a failover or an administrator does: every backend of the app's database, killed three times.
    const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    const database = new URL(databaseUrl).pathname.slice(1);
    let terminated = 0;
    try {
      for (let round = 0; round < 3; round++) {
        const rows = await admin.query('SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
          database,
        ]);
        terminated += rows.rows.filter((row) => row.done).length;
        await delay(300);
      }
    } finally {
      await admin.end();
    }
    expect(terminated, 'backends terminated').to.be.greaterThan(0);
    const acknowledgedAfterTerminations = load.acknowledged;
    await eventually(async () => (load.acknowledged >= acknowledgedAfterTerminations + 30 ? true : undefined), 20_000, 'the load to be served again');
    await load.stop();

    expectOnlySuccessOr503(load.outcomes);
    expect(await ready()).to.equal(200);
    await expectAcknowledgedStored(load);
  });

  it('listens for changes again once the database returns, however long it was away', async () => {
    let notified = 0;
    t.app.changeFeed.onChange('principals', () => notified++);
    const since = logged.length;
    await proxy.cut();
    // The connection lost, then two reconnection attempts (a second apart) failed: each is logged.
    const losses = (): number =>
      logged.slice(since).filter((line) => (JSON.parse(line) as { msg?: string }).msg === 'change feed connection lost; reconnecting').length;
    await eventually(async () => (losses() >= 3 ? true : undefined), 20_000, 'two failed reconnections of the change feed');
    await proxy.restore();
    // Back, it announces a change, since what changed while it was away was not notified.
    await eventually(async () => (notified > 0 ? true : undefined), 10_000, 'the change feed to reconnect');
    const before = notified;
    expect((await httpCall(`${base}/principals`, { token, body: { kind: 'user', name: 'after-the-outage' } })).status).to.equal(201);
    await eventually(async () => (notified > before ? true : undefined), 10_000, 'the notification of a change made after the outage');
  });

  it('delivers webhooks again once the database returns, with no restart', async () => {
    const receiver = await Receiver.start();
    try {
      const hook = await httpCall(`${base}/webhooks`, { token, body: { url: receiver.url(), event_types: ['principal.created'] } });
      expect(hook.status).to.equal(201);
      const since = logged.length;
      await proxy.cut();
      // Two polls of the delivery worker fail meanwhile, and say so (rather than look like nothing due).
      const fetchFailures = (): number =>
        logged.slice(since).filter((line) => (JSON.parse(line) as { msg?: string }).msg === 'webhook delivery claim failed').length;
      await eventually(async () => (fetchFailures() >= 2 ? true : undefined), 20_000, 'two failed polls of the delivery worker');
      await proxy.restore();
      await eventually(async () => ((await ready()) === 200 ? true : undefined), 20_000, '/ready to answer 200 after the database returned');
      const created = await httpCall(`${base}/principals`, { token, body: { kind: 'service', name: 'delivered-after-the-outage' } });
      expect(created.status).to.equal(201);
      const [delivery] = await receiver.waitFor(1, 20_000);
      expect(JSON.parse(delivery!.body).data.target.id).to.equal(created.body.id);
    } finally {
      await receiver.close();
    }
  });
});

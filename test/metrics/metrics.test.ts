import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { getMetricsFromStream, type PromData, type PromHistogramData, type PromMetric, type PromMetrics } from 'prom2javascript';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { systemContext } from '../../server/src/events/context.js';
import type { DomainEvent } from '../../server/src/events/types.js';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { eventually } from '../helpers/eventually.js';
import { holdSetsLock } from '../policies/fixtures.js';
import { clockInOneWindow } from '../rate-limits/support.js';
import { createWebhook, webhookTestConfig } from '../webhooks/fixtures.js';
import { Receiver } from '../webhooks/receiver.js';

/**
 * The text exposition format read by a Prometheus parser from npm (prom2javascript), not by us.
 * (parse-prometheus-text-format, the better known one, folds every labelled series of a histogram
 * into one.) prom-client writes NaN as `Nan`, which Prometheus reads (Go's strconv.ParseFloat) and
 * prom2javascript refuses: the event-loop lag of an interval without a sample, when two scrapes
 * come within the monitor's 10 ms. Those samples are left out here; the others are parsed as sent.
 */
const parseExposition = (text: string): Promise<PromMetrics> => getMetricsFromStream(Readable.from([text.replace(/^nodejs_eventloop_lag_\w+ Nan$/gm, '')]));

/** One scrape, parsed, with readers of its samples. */
class Scrape {
  constructor(readonly families: PromMetrics) {}

  family(name: string): PromMetric {
    const found = this.families[name];
    expect(found, `metric family ${name}`).to.not.equal(undefined);
    return found!;
  }

  private sample<T extends PromData | PromHistogramData>(name: string, labels: Record<string, string>): T | undefined {
    return (this.family(name).data as T[]).find((sample) => Object.entries(labels).every(([label, value]) => sample.labels[label] === value));
  }

  /** A counter's or gauge's value for these labels; 0 when the series does not exist yet. */
  value(name: string, labels: Record<string, string> = {}): number {
    return this.sample<PromData>(name, labels)?.value ?? 0;
  }

  /** A histogram's count (observations) for these labels; 0 when the series does not exist yet. */
  count(name: string, labels: Record<string, string> = {}): number {
    return this.sample<PromHistogramData>(name, labels)?.count ?? 0;
  }

  /** A histogram's sum for these labels; 0 when the series does not exist yet. */
  sum(name: string, labels: Record<string, string> = {}): number {
    return this.sample<PromHistogramData>(name, labels)?.sum ?? 0;
  }
}

async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url);
  expect(response.status, await response.clone().text()).to.equal(200);
  return new Scrape(await parseExposition(await response.text()));
}

const allowRule = {
  name: 'metrics-eng-read-prod',
  status: 'active',
  rules: [
    {
      effect: 'allow',
      principals: { type: 'USER', attributes: { department: ['engineering'] } },
      resources: { type: 'database', identifiers: ['prod-*'] },
      actions: ['read'],
    },
  ],
};
const allowed = {
  principal: { type: 'USER', attributes: { department: 'engineering' } },
  resource: { type: 'database', identifier: 'prod-orders' },
  action: 'read',
};
const denied = { ...allowed, action: 'drop' };
const evaluateRoute = { method: 'POST', route: '/v1/decisions/evaluate' };

describe('Metrics: GET /metrics on the metrics listener (Prometheus text format)', function () {
  this.timeout(60_000);
  let t: TestApp;
  let metricsUrl: string;
  let client: TestClient;
  let admin: string;

  /** Over HTTP, as an API client would: the API listener of the app under test. */
  const api = (path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<Response> =>
    fetch(`${t.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(init.token ? bearer(init.token) : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  const token = async (scope?: string): Promise<string> => {
    const response = await api('/oauth/token', {
      method: 'POST',
      body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, ...(scope ? { scope } : {}) },
    });
    expect(response.status, await response.clone().text()).to.equal(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const evaluate = (body: unknown): Promise<Response> => api('/decisions/evaluate', { method: 'POST', token: admin, body });

  before(async () => {
    t = await startTestApp({ listen: true, config: { ...webhookTestConfig, metricsPort: await findFreePort(), dbPoolMax: 4 } });
    const port = await t.app.listenForMetrics();
    expect(port).to.equal(t.config.metricsPort);
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    client = await registerClient(t.app, ['admin:all']);
    admin = await token();
    const created = await api('/policies', { method: 'POST', token: admin, body: allowRule });
    expect(created.status, await created.clone().text()).to.equal(201);
  });
  after(() => t?.close());

  it('answers every family with HELP and TYPE, ours prefixed acctl_, beside the default process metrics', async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/plain; version=0.0.4; charset=utf-8');
    const families = await parseExposition(await response.text());
    const ours = Object.entries(families).filter(([name]) => name.startsWith('acctl_'));
    expect(ours.map(([name, family]) => `${name} ${family.type}`)).to.include.members([
      'acctl_http_request_duration_seconds histogram',
      'acctl_decisions_total counter',
      'acctl_rate_limit_refusals_total counter',
      'acctl_webhook_delivery_attempts_total counter',
      'acctl_webhook_deliveries_dropped_total counter',
      'acctl_group_commit_batch_size histogram',
      'acctl_group_commit_duration_seconds histogram',
      'acctl_audit_events_failed_total counter',
      'acctl_audit_events_dropped_total counter',
      'acctl_db_pool_connections gauge',
      'acctl_db_pool_pending_acquires gauge',
      'acctl_db_pool_max_connections gauge',
      'acctl_policy_set_requests gauge',
    ]);
    for (const [name, family] of ours) expect(family.help, name).to.have.length.above(20);
    const names = Object.keys(families);
    expect(names).to.include.members([
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]);
  });

  it('counts requests by method, route pattern and status, never by the path asked for', async () => {
    const id = randomUUID();
    const before = await scrape(metricsUrl);
    for (let i = 0; i < 2; i++) expect((await api(`/principals/${id}`, { token: admin })).status).to.equal(404);
    expect((await api(`/no-such-endpoint-${id}`)).status).to.equal(404);
    const after = await scrape(metricsUrl);
    const principal = { method: 'GET', route: '/v1/principals/:id', status: '404' };
    expect(after.count('acctl_http_request_duration_seconds', principal) - before.count('acctl_http_request_duration_seconds', principal)).to.equal(2);
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(after.count('acctl_http_request_duration_seconds', unmatched) - before.count('acctl_http_request_duration_seconds', unmatched)).to.equal(1);
    const text = await (await fetch(metricsUrl)).text();
    expect(text, 'no label carries the id of the URL').to.not.include(id);
  });

  it('counts anonymous requests to no route under one method label per method some route takes, the rest as other', async () => {
    const before = await scrape(metricsUrl);
    // Methods Node's parser accepts that no route of the API takes, each to a made-up path and to a real one (405).
    const unusual = [
      'PROPFIND',
      'PROPPATCH',
      'MKCOL',
      'COPY',
      'MOVE',
      'LOCK',
      'UNLOCK',
      'SEARCH',
      'PURGE',
      'REPORT',
      'MKACTIVITY',
      'CHECKOUT',
      'MERGE',
      'NOTIFY',
      'SUBSCRIBE',
      'UNSUBSCRIBE',
      'LINK',
      'UNLINK',
      'TRACE',
      'BIND',
      'REBIND',
      'UNBIND',
      'ACL',
      'SOURCE',
      'QUERY',
    ];
    const paths = ['/v1/no-such-endpoint', '/v1/oauth/token', '/v1/health'];
    const sent = await Promise.all(
      unusual.flatMap((method) =>
        paths.map(
          (path) =>
            new Promise<number>((resolve, reject) => {
              const request = httpRequest(`${t.baseUrl.replace('/v1', '')}${path}`, { method }, (response) => {
                response.resume();
                response.on('end', () => resolve(response.statusCode!));
              });
              request.on('error', reject).end();
            }),
        ),
      ),
    );
    const routed = sent.filter((status) => status === 404 || status === 405).length;
    expect(routed, 'requests answered 404 or 405').to.be.above(unusual.length * 2);
    const after = await scrape(metricsUrl);
    const series = after.family('acctl_http_request_duration_seconds').data as PromHistogramData[];
    const methods = new Set(series.map((sample) => sample.labels.method));
    for (const method of unusual) expect(methods, `a series labelled ${method}`).to.not.include(method);
    const other = (status: string): number =>
      after.count('acctl_http_request_duration_seconds', { method: 'other', route: 'unmatched', status }) -
      before.count('acctl_http_request_duration_seconds', { method: 'other', route: 'unmatched', status });
    expect(other('404') + other('405')).to.equal(routed);
  });

  it('counts the decisions answered by outcome, and the decision recorder’s writes by their items', async () => {
    const before = await scrape(metricsUrl);
    const allowedAnswer = await evaluate(allowed);
    const deniedAnswer = await evaluate(denied);
    expect(((await allowedAnswer.json()) as { decision: string }).decision).to.equal('allow');
    expect(((await deniedAnswer.json()) as { decision: string }).decision).to.equal('deny');
    const batch = await api('/decisions/batch', { method: 'POST', token: admin, body: { requests: [allowed, denied, allowed] } });
    expect(batch.status).to.equal(200);
    const after = await scrape(metricsUrl);
    const moved = (name: string, labels: Record<string, string>): number => after.value(name, labels) - before.value(name, labels);
    expect(moved('acctl_decisions_total', { outcome: 'allow' })).to.equal(3);
    expect(moved('acctl_decisions_total', { outcome: 'deny' })).to.equal(2);
    const decisions = { writer: 'decisions' };
    expect(after.sum('acctl_group_commit_batch_size', decisions) - before.sum('acctl_group_commit_batch_size', decisions), 'items written').to.equal(5);
    const writes = after.count('acctl_group_commit_batch_size', decisions) - before.count('acctl_group_commit_batch_size', decisions);
    expect(writes, 'one write per evaluate, one for the batch').to.equal(3);
    expect(after.count('acctl_group_commit_duration_seconds', decisions) - before.count('acctl_group_commit_duration_seconds', decisions)).to.equal(writes);
    expect(after.sum('acctl_group_commit_duration_seconds', decisions)).to.be.above(before.sum('acctl_group_commit_duration_seconds', decisions));
  });

  it('loses no count under concurrent requests: 40 decisions at once are 40 requests, 40 allows and 40 items written', async () => {
    const before = await scrape(metricsUrl);
    const answers = await Promise.all(Array.from({ length: 40 }, () => evaluate(allowed)));
    expect(answers.map((answer) => answer.status)).to.deep.equal(Array(40).fill(200));
    const after = await scrape(metricsUrl);
    const ok = { ...evaluateRoute, status: '200' };
    expect(after.count('acctl_http_request_duration_seconds', ok) - before.count('acctl_http_request_duration_seconds', ok)).to.equal(40);
    expect(after.value('acctl_decisions_total', { outcome: 'allow' }) - before.value('acctl_decisions_total', { outcome: 'allow' })).to.equal(40);
    const decisions = { writer: 'decisions' };
    expect(after.sum('acctl_group_commit_batch_size', decisions) - before.sum('acctl_group_commit_batch_size', decisions)).to.equal(40);
    await Promise.all(Array.from({ length: 20 }, () => scrape(metricsUrl)));
  });

  it('counts the audit events written in the background by write, and their items', async () => {
    await t.app.auditLog.idle();
    const before = await scrape(metricsUrl);
    // Each client_credentials token is an auth.token_issued event handed to the recorder.
    await Promise.all([token(), token(), token()]);
    await t.app.auditLog.idle();
    const after = await scrape(metricsUrl);
    const audit = { writer: 'audit_events' };
    expect(after.sum('acctl_group_commit_batch_size', audit) - before.sum('acctl_group_commit_batch_size', audit)).to.equal(3);
    expect(after.count('acctl_group_commit_duration_seconds', audit) - before.count('acctl_group_commit_duration_seconds', audit)).to.be.within(1, 3);
  });

  it('shows the audit log’s alarm with the counts of /v1/health: an event that cannot be written moves acctl_audit_events_failed_total', async () => {
    const context = systemContext('anonymous', 'anonymous');
    const unstorable: DomainEvent = {
      type: 'auth.failed',
      actor: context.actor,
      target: { type: 'client', id: 'x\u0000y' },
      outcome: 'failure',
      request: { id: 'metrics-unstorable', ip: '192.0.2.7', user_agent: null },
      change: null,
      data: { reason: 'invalid_client' },
    };
    const before = await scrape(metricsUrl);
    t.app.auditLog.appendInBackground([unstorable]);
    await t.app.auditLog.idle();
    const after = await scrape(metricsUrl);
    expect(after.value('acctl_audit_events_failed_total') - before.value('acctl_audit_events_failed_total')).to.equal(1);
    const health = (await (await api('/health')).json()) as { checks: { audit_log: { failed_events: number; dropped_events: number } } };
    expect(after.value('acctl_audit_events_failed_total')).to.equal(health.checks.audit_log.failed_events);
    expect(after.value('acctl_audit_events_dropped_total')).to.equal(health.checks.audit_log.dropped_events);
  });

  it('reads the database pool at each scrape: connections used and free, waiting acquires, and its maximum', async () => {
    const held: Knex.Transaction[] = [];
    try {
      // Every connection of the pool (dbPoolMax 4) lent out, and one more asked for.
      for (let i = 0; i < 4; i++) held.push(await t.app.db.transaction());
      const waiting = t.app.db.raw('SELECT 1').then(() => undefined);
      const full = await eventually(async () => {
        const now = await scrape(metricsUrl);
        return now.value('acctl_db_pool_pending_acquires') >= 1 ? now : undefined;
      });
      expect(full.value('acctl_db_pool_connections', { state: 'used' })).to.equal(4);
      expect(full.value('acctl_db_pool_connections', { state: 'free' })).to.equal(0);
      expect(full.value('acctl_db_pool_max_connections')).to.equal(4);
      for (const trx of held.splice(0)) await trx.rollback();
      await waiting;
      const after = await scrape(metricsUrl);
      expect(after.value('acctl_db_pool_connections', { state: 'free' })).to.be.at.least(1);
    } finally {
      for (const trx of held) await trx.rollback();
    }
  });

  it('reads the change sets at each scrape: the one applying, and those waiting for its turn', async () => {
    const set = (name: string): Promise<Response> =>
      api('/policy-sets', { method: 'POST', token: admin, body: { changes: [{ action: 'create', policy: { ...allowRule, name } }] } });
    const lock = await holdSetsLock(t.app.db);
    let sets: Array<Promise<Response>> = [];
    try {
      // The first set takes the turn and waits for the lock held here; the two after it wait for the turn.
      sets = [set('metrics-set-1')];
      await eventually(async () => ((await lock.blocked()) === 1 ? true : undefined));
      sets.push(set('metrics-set-2'), set('metrics-set-3'));
      const queued = await eventually(async () => {
        const now = await scrape(metricsUrl);
        return now.value('acctl_policy_set_requests', { state: 'waiting' }) === 2 ? now : undefined;
      });
      expect(queued.value('acctl_policy_set_requests', { state: 'applying' })).to.equal(1);
    } finally {
      await lock.release();
    }
    expect((await Promise.all(sets)).map((answer) => answer.status)).to.deep.equal([201, 201, 201]);
    const after = await scrape(metricsUrl);
    expect(after.value('acctl_policy_set_requests', { state: 'applying' })).to.equal(0);
    expect(after.value('acctl_policy_set_requests', { state: 'waiting' })).to.equal(0);
  });

  it('counts webhook delivery attempts by outcome', async () => {
    const receiver = await Receiver.start([{ status: 200 }]);
    try {
      const before = await scrape(metricsUrl);
      const hook = await createWebhook(t.app, admin, { url: receiver.url(), event_types: ['policy.created'] });
      expect(hook.id).to.be.a('string');
      const created = await api('/policies', { method: 'POST', token: admin, body: { ...allowRule, name: 'metrics-webhook' } });
      expect(created.status).to.equal(201);
      await receiver.waitFor(1);
      // The attempt's result is committed after the receiver answered.
      const after = await eventually(async () => {
        const now = await scrape(metricsUrl);
        return now.value('acctl_webhook_delivery_attempts_total', { outcome: 'succeeded' }) >
          before.value('acctl_webhook_delivery_attempts_total', { outcome: 'succeeded' })
          ? now
          : undefined;
      });
      expect(
        after.value('acctl_webhook_delivery_attempts_total', { outcome: 'succeeded' }) -
          before.value('acctl_webhook_delivery_attempts_total', { outcome: 'succeeded' }),
      ).to.equal(1);
    } finally {
      await receiver.close();
    }
  });

  it('counts 429s of the credential throttle as limiter="credentials"', async () => {
    const before = await scrape(metricsUrl);
    const throttled = await registerClient(t.app, ['read:policies']);
    let refused = 0;
    for (let i = 0; i < 20 && refused === 0; i++) {
      const response = await api('/oauth/token', {
        method: 'POST',
        body: { grant_type: 'client_credentials', client_id: throttled.clientId, client_secret: `wrong-${i}-${'x'.repeat(40)}` },
      });
      if (response.status === 429) refused++;
      else expect(response.status).to.equal(401);
    }
    expect(refused, 'the throttle refused one').to.equal(1);
    const after = await scrape(metricsUrl);
    expect(
      after.value('acctl_rate_limit_refusals_total', { limiter: 'credentials' }) - before.value('acctl_rate_limit_refusals_total', { limiter: 'credentials' }),
    ).to.equal(1);
    const route = { method: 'POST', route: '/v1/oauth/token', status: '429' };
    expect(after.count('acctl_http_request_duration_seconds', route) - before.count('acctl_http_request_duration_seconds', route)).to.equal(1);
  });

  it('counts a rate-limit 429 by its class, in the registry of the app that refused it only', async () => {
    // A second app on the same database, whose configuration gives the client 2 decisions a minute.
    const limited = await startTestApp({
      databaseUrl: t.config.databaseUrl,
      config: {
        keyEncryptionKey: t.config.keyEncryptionKey,
        publicUrl: t.config.publicUrl,
        metricsPort: await findFreePort(),
        rateLimitOverrides: { [client.clientId]: { decision: 2 } },
      },
      // Its three decisions count in one window, whenever they come.
      buildOptions: { rateLimitClock: clockInOneWindow() },
    });
    try {
      const limitedUrl = `http://127.0.0.1:${await limited.app.listenForMetrics()}/metrics`;
      const beforeHere = await scrape(metricsUrl);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.app.inject({ method: 'POST', url: '/v1/decisions/evaluate', headers: bearer(admin), payload: allowed })).statusCode);
      expect(statuses).to.deep.equal([200, 200, 429]);
      const there = await scrape(limitedUrl);
      expect(there.value('acctl_rate_limit_refusals_total', { limiter: 'decision' })).to.equal(1);
      expect(there.count('acctl_http_request_duration_seconds', { ...evaluateRoute, status: '429' })).to.equal(1);
      expect(there.value('acctl_decisions_total', { outcome: 'allow' })).to.equal(2);
      const here = await scrape(metricsUrl);
      expect(here.value('acctl_rate_limit_refusals_total', { limiter: 'decision' })).to.equal(
        beforeHere.value('acctl_rate_limit_refusals_total', { limiter: 'decision' }),
      );
      expect(here.value('acctl_decisions_total', { outcome: 'allow' })).to.equal(beforeHere.value('acctl_decisions_total', { outcome: 'allow' }));
    } finally {
      await limited.close();
    }
  });

  it('is not served by the API listener, with a token or without', async () => {
    const origin = new URL(t.baseUrl).origin;
    for (const path of ['/metrics', '/v1/metrics']) {
      const anonymous = await fetch(`${origin}${path}`);
      expect(anonymous.status, path).to.equal(404);
      const withAdmin = await fetch(`${origin}${path}`, { headers: bearer(admin) });
      expect(withAdmin.status, path).to.equal(404);
      expect(await withAdmin.text()).to.not.include('acctl_http_request_duration_seconds');
    }
  });

  it('serves nothing but GET /metrics on the metrics listener: another path is 404, another method 405, both problem+json', async () => {
    const origin = new URL(metricsUrl).origin;
    const other = await fetch(`${origin}/v1/health`);
    expect(other.status).to.equal(404);
    expect(other.headers.get('content-type')).to.equal('application/problem+json');
    expect(((await other.json()) as { code: string }).code).to.equal('route_not_found');
    const post = await fetch(metricsUrl, { method: 'POST', body: '{}' });
    expect(post.status).to.equal(405);
    expect(post.headers.get('allow')).to.equal('GET, HEAD');
    expect(((await post.json()) as { code: string }).code).to.equal('method_not_allowed');
  });

  it('opens no listener when metricsPort is 0 (the default), and closes its listener with the app', async () => {
    const quiet = await startTestApp({ databaseUrl: t.config.databaseUrl, config: { keyEncryptionKey: t.config.keyEncryptionKey } });
    try {
      expect(quiet.config.metricsPort).to.equal(0);
      expect(await quiet.app.listenForMetrics()).to.equal(undefined);
    } finally {
      await quiet.close();
    }
    const closing = await startTestApp({
      databaseUrl: t.config.databaseUrl,
      config: { keyEncryptionKey: t.config.keyEncryptionKey, metricsPort: await findFreePort() },
    });
    const url = `http://127.0.0.1:${await closing.app.listenForMetrics()}/metrics`;
    expect((await fetch(url)).status).to.equal(200);
    await closing.close();
    const refused = await fetch(url).then(
      () => 'answered',
      (error: Error & { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(refused).to.equal('ECONNREFUSED');
  });
});

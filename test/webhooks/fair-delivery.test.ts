import { expect } from 'chai';
import type { WebhookDelivery } from '../../core/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { adminToken, createWebhook, deliveriesOf, eventually, raise, sampleEvent, webhookTestConfig } from './fixtures.js';
import { Receiver } from './receiver.js';

/** Deliveries a webhook of this file may have pending: small, so that the large set below passes it. */
const cap = 200;

/**
 * Issue #34, finding 8: one webhook's backlog must not starve the others. Deliveries are taken a
 * webhook at a time in turn, a deleted webhook leaves no work behind, and a webhook's backlog is
 * capped. Plus the smaller findings: event families, redelivering a pending delivery now, and the
 * warning at start when private networks are allowed.
 */
describe('webhook deliveries fair across webhooks, with a bounded backlog', function () {
  this.timeout(60_000);
  let t: TestApp;
  let token: string;
  let fast: Receiver;
  let blackHole: Receiver;
  const logged: string[] = [];
  const warnings = (): Array<Record<string, unknown>> =>
    logged.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.level === 40);

  before(async () => {
    fast = await Receiver.start();
    blackHole = await Receiver.start(['hang']);
    t = await startTestApp({
      config: {
        ...webhookTestConfig,
        logLevel: 'warn',
        webhookConcurrency: 4,
        webhookMaxPendingDeliveries: cap,
        // A failed attempt is retried in 10 minutes, not during this file: what is pending stays pending.
        webhookRetryBaseDelayMs: 600_000,
        webhookRetryMaxDelayMs: 600_000,
        webhookDisableAfterFailedDeliveries: 1000,
      },
      buildOptions: { logStream: { write: (line: string) => void logged.push(line) } },
    });
    token = await adminToken(t.app);
  });
  after(async () => {
    await t.close();
    await fast.close();
    await blackHole.close();
  });

  it('warns at start that webhooks may deliver into private networks when webhooksAllowPrivateNetworks is on', () => {
    expect(warnings().filter((entry) => entry.option === 'webhooksAllowPrivateNetworks')).to.have.lengthOf(1);
  });

  it('takes an event family (policy.*) as the audit filter reads it, and refuses a family with no webhook event', async () => {
    const hook = await createWebhook(t.app, token, { url: fast.url('/family'), event_types: ['policy.*'] });
    expect(hook.event_types).to.deep.equal(['policy.*']);
    await raise(t.app.db, sampleEvent('policy_set.applied', 'set-1'), sampleEvent('policy.rolled_back', 'pol-f'), sampleEvent('principal.created', 'p-1'));
    const [delivery] = await eventually(async () => {
      const log = await deliveriesOf(t.app, token, hook.id);
      return log.length > 0 && log.every((d) => d.status === 'succeeded') ? log : undefined;
    });
    // policy_set.* is another family (types start with `policy.`): as GET /v1/audit/events?type=policy.* reads it.
    expect((await deliveriesOf(t.app, token, hook.id)).map((d) => d.event_type)).to.deep.equal(['policy.rolled_back']);
    expect(delivery!.event_type).to.equal('policy.rolled_back');
    const audit = await t.app.inject({ method: 'GET', url: '/v1/audit/events?type=policy.*&limit=100', headers: bearer(token) });
    expect((audit.json() as { data: Array<{ type: string }> }).data.map((event) => event.type)).to.not.include('policy_set.applied');

    for (const family of ['decision.*', 'nothing.*']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/v1/webhooks',
        headers: bearer(token),
        payload: { url: fast.url(), event_types: ['policy.created', family] },
      });
      expect(refused.statusCode, family).to.equal(400);
      expect(refused.json()).to.include({ code: 'validation_failed' });
      expect(refused.json().errors[0]).to.include({ pointer: '/event_types/1' });
    }
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v1/webhooks/${hook.id}`,
      headers: bearer(token),
      payload: { event_types: ['principal.*', 'client.*'] },
    });
    expect(patched.statusCode, patched.body).to.equal(200);
    expect(patched.json().event_types).to.deep.equal(['principal.*', 'client.*']);
  });

  it('redelivers a pending delivery now: a retry scheduled for later is made at once, keeping its webhook-id', async () => {
    const receiver = await Receiver.start([{ status: 503 }, { status: 200 }]);
    try {
      const hook = await createWebhook(t.app, token, { url: receiver.url(), event_types: ['principal.deleted'] });
      await raise(t.app.db, sampleEvent('principal.deleted', 'p-later'));
      const [waiting] = await eventually(async () => {
        const log = await deliveriesOf(t.app, token, hook.id);
        return log[0]?.attempt_count === 1 ? log : undefined;
      });
      expect(waiting).to.include({ status: 'pending', status_code: 503 });
      expect(Date.parse(waiting!.next_attempt_at!)).to.be.above(Date.now() + 60_000);

      const response = await t.app.inject({ method: 'POST', url: `/v1/webhooks/${hook.id}/deliveries/${waiting!.id}/redeliver`, headers: bearer(token) });
      expect(response.statusCode, response.body).to.equal(202);
      const [first, second] = await receiver.waitFor(2);
      expect(second!.headers['webhook-id']).to.equal(first!.headers['webhook-id']);
      const done = await eventually(async () => {
        const [delivery] = await deliveriesOf(t.app, token, hook.id);
        return delivery?.status === 'succeeded' ? delivery : undefined;
      });
      expect(done).to.include({ attempt_count: 2, status_code: 200 });
    } finally {
      await receiver.close();
    }
  });

  describe('a 1,200-event fan-out to 50 webhooks, one of them a black hole', () => {
    const events = 1200;
    let hooks: Array<{ id: string }>;
    let slow: { id: string };

    /** Each webhook's deliveries by status, and how many were dropped at the cap. */
    const tally = async (): Promise<Map<string, { pending: number; dropped: number; all: number }>> => {
      const rows = (await t.app
        .db('webhook_deliveries')
        .groupBy('webhook_id')
        .select('webhook_id', {
          pending: t.app.db.raw("count(*) FILTER (WHERE status = 'pending')::int"),
          dropped: t.app.db.raw("count(*) FILTER (WHERE status = 'failed' AND attempt_count = 0 AND last_error LIKE 'not sent:%')::int"),
          all: t.app.db.raw('count(*)::int'),
        })) as Array<{ webhook_id: string; pending: number; dropped: number; all: number }>;
      return new Map(rows.map((row) => [row.webhook_id, row]));
    };

    before(async () => {
      const created = await Promise.all(
        Array.from({ length: 49 }, (_, i) => createWebhook(t.app, token, { url: fast.url(`/hook/${i}`), event_types: ['policy.created'] })),
      );
      hooks = created.map((hook) => ({ id: hook.id }));
      slow = await createWebhook(t.app, token, { url: blackHole.url(), event_types: ['policy.created'] });
      // Four changes of 300 events each, recorded in parallel through the app's audit log and its
      // outbox (with the configured cap), as a large change set records them: 60,000 deliveries asked for.
      await Promise.all(
        Array.from({ length: 4 }, (_, batch) =>
          t.app.db.transaction((trx) =>
            t.app.auditLog.append(
              trx,
              Array.from({ length: events / 4 }, (_, i) => sampleEvent('policy.created', `fan-${batch}-${i}`)),
            ),
          ),
        ),
      );
    });

    it('caps each webhook backlog: past webhookMaxPendingDeliveries a delivery is written failed, not sent, counted and logged', async () => {
      const counts = await tally();
      for (const { id } of [...hooks, slow]) {
        const c = counts.get(id)!;
        expect(c.all, id).to.equal(events);
        // Each change finds the room the committed ones left: a webhook never holds more than the cap per change at once.
        expect(c.all - c.dropped, id).to.be.within(cap, 4 * cap);
        expect(c.dropped, id).to.be.at.least(events - 4 * cap);
      }
      const dropped = [...counts.values()].reduce((sum, c) => sum + c.dropped, 0);
      const metrics = await t.app.metrics.registry.getSingleMetricAsString('acctl_webhook_deliveries_dropped_total');
      expect(metrics).to.include(`acctl_webhook_deliveries_dropped_total ${dropped}`);
      const logged = new Set(warnings().map((entry) => entry.webhook_id));
      for (const { id } of [...hooks, slow]) expect(logged.has(id), id).to.equal(true);
      // Such a delivery is in the log, with why, and can be redelivered (it then waits its turn like a first attempt).
      const [one] = (await deliveriesOf(t.app, token, slow.id)).filter((d: WebhookDelivery) => d.status === 'failed' && d.attempt_count === 0);
      expect(one!.error).to.match(/^not sent: the webhook had 200 deliveries pending/);
    });

    it('drops the pending deliveries of deleted webhooks at once, and serves a new webhook before the others drain their backlog', async () => {
      const deleted = hooks.slice(0, 25);
      const kept = hooks.slice(25);
      await Promise.all(
        deleted.map(async ({ id }) => {
          const response = await t.app.inject({ method: 'DELETE', url: `/v1/webhooks/${id}`, headers: bearer(token) });
          expect(response.statusCode, response.body).to.equal(204);
          const [left] = await t.app.db('webhook_deliveries').where({ webhook_id: id }).count<Array<{ count: string }>>({ count: '*' });
          expect(Number(left!.count), `work left for deleted webhook ${id}`).to.equal(0);
        }),
      );
      const fresh = await createWebhook(t.app, token, { url: fast.url('/new'), event_types: ['policy.created'] });
      await t.app.db.transaction((trx) => t.app.auditLog.append(trx, [sampleEvent('policy.created', 'after-the-set')]));
      await eventually(async () => (fast.requests.some((request) => request.url === '/new') ? true : undefined), 45_000, 'the new webhook first delivery');
      const counts = await tally();
      // The backlog of every older webhook is still there: the new one did not wait for it.
      for (const { id } of [...kept, slow]) expect(counts.get(id)!.pending, id).to.be.above(cap / 2);
      expect(counts.get(fresh.id)).to.include({ all: 1 });
      // A slow receiver holds one attempt at a time, whatever its backlog.
      expect(blackHole.openRequests).to.be.at.most(1);
    });
  });
});

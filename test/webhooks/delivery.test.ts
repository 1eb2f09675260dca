import { expect } from 'chai';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { WebhookDelivery } from '../../core/src/index.js';
import { enqueueWebhookDeliveries } from '../../server/src/domains/webhooks/outbox.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from '../policies/fixtures.js';
import { adminToken, createWebhook, deliveriesOf, deliveryJobsDone, eventually, raise, sampleEvent, webhookTestConfig } from './fixtures.js';
import { Receiver, type Answer } from './receiver.js';

describe('webhook deliveries (outbox, delivery worker, real receivers)', () => {
  let t: TestApp;
  let token: string;
  const receivers: Receiver[] = [];
  const receiver = async (script?: Answer[]): Promise<Receiver> => {
    const started = await Receiver.start(script);
    receivers.push(started);
    return started;
  };
  const settled = async (webhookId: string, count = 1): Promise<WebhookDelivery[]> =>
    eventually(
      async () => {
        const deliveries = await deliveriesOf(t.app, token, webhookId);
        return deliveries.length >= count && deliveries.every((d) => d.status !== 'pending') ? deliveries : undefined;
      },
      15_000,
      'deliveries to settle',
    );

  before(async () => {
    t = await startTestApp({ config: webhookTestConfig });
    token = await adminToken(t.app);
  });
  after(async () => {
    await t.close();
    for (const r of receivers) await r.close();
  });

  it('delivers an event signed per Standard Webhooks, which the standardwebhooks package verifies', async () => {
    const r = await receiver();
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['policy.created'] });
    await raise(t.app.db, sampleEvent('policy.created', 'pol-verify'));
    const [request] = await r.waitFor(1);
    const verified = new StandardWebhook(hook.secret).verify(request!.body, {
      'webhook-id': request!.headers['webhook-id'] as string,
      'webhook-timestamp': request!.headers['webhook-timestamp'] as string,
      'webhook-signature': request!.headers['webhook-signature'] as string,
    }) as { type: string; data: { id: string; target: unknown } };
    expectSchema('webhook-payload', verified);
    expect(verified.type).to.equal('policy.created');
    expect(verified.data.target).to.deep.equal({ type: 'policy', id: 'pol-verify' });
    expect(request!.headers['webhook-id'], 'webhook-id is the event id').to.equal(verified.data.id);
    expect(request!.headers['content-type']).to.equal('application/json');
    expect(
      () => new StandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(request!.body, request!.headers as Record<string, string>),
      'another secret',
    ).to.throw();
  });

  it('delivers a real change: POST /v1/policies sends policy.created, with the id of its audit event', async () => {
    const r = await receiver();
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['policy.created', 'policy.updated'] });
    const created = await t.app.inject({ method: 'POST', url: '/v1/policies', headers: bearer(token), payload: samplePolicy({ name: 'webhook-delivered' }) });
    expect(created.statusCode, created.body).to.equal(201);
    const policy = created.json() as { id: string };
    const [request] = await r.waitFor(1);
    const payload = new StandardWebhook(hook.secret).verify(request!.body, request!.headers as Record<string, string>) as {
      type: string;
      timestamp: string;
      data: { id: string; time: string; target: unknown; change: { after: { name: string } } };
    };
    expectSchema('webhook-payload', payload);
    expect(payload.type).to.equal('policy.created');
    expect(payload.data.target).to.deep.equal({ type: 'policy', id: policy.id });
    expect(payload.data.change.after.name).to.equal('webhook-delivered');
    expect(payload.timestamp).to.equal(payload.data.time);
    const audited = await t.app.db('audit_events').where({ id: payload.data.id }).first();
    expect(audited, 'the audit event has the same id as the delivery').to.include({ type: 'policy.created', target_id: policy.id });
    expect(request!.headers['webhook-id']).to.equal(payload.data.id);
  });

  it('delivers a change made through the API: creating a webhook sends webhook.created to subscribed webhooks', async () => {
    const r = await receiver();
    const watcher = await createWebhook(t.app, token, { url: r.url(), event_types: ['webhook.created'] });
    const created = await createWebhook(t.app, token, { url: r.url('/other'), event_types: ['policy.deleted'], description: 'watched' });
    const [, second] = await r.waitFor(2);
    const bodies = r.requests.map(
      (request) => JSON.parse(request.body) as { type: string; data: { target: { id: string }; change: { after: Record<string, unknown> } } },
    );
    expect(bodies.map((b) => b.data.target.id)).to.have.members([watcher.id, created.id]);
    const about = bodies.find((b) => b.data.target.id === created.id)!;
    expect(about.type).to.equal('webhook.created');
    expect(about.data.change.after).to.include({ id: created.id, description: 'watched' });
    expect(JSON.stringify(about), 'the secret is never in an event').to.not.include(created.secret);
    expect(second).to.not.equal(undefined);
  });

  it('delivers nothing for an event raised in a transaction that rolls back', async () => {
    const r = await receiver();
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['principal.deleted'] });
    const outcome = await t.app.db
      .transaction(async (trx) => {
        await enqueueWebhookDeliveries(trx, [sampleEvent('principal.deleted', 'rolled-back')]);
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(outcome).to.equal('roll back');
    const rows = await t.app.db('webhook_events').where({ type: 'principal.deleted' });
    expect(rows).to.deep.equal([]);
    // A committed event after it: the webhook's first attempts go in commit order (docs/webhooks.md
    // "Order"), so a delivery of the rolled-back event, had any survived, would arrive first.
    await raise(t.app.db, sampleEvent('principal.deleted', 'committed'));
    await r.waitFor(1);
    await deliveryJobsDone(t.app, hook.id);
    expect(r.requests.map((request) => (JSON.parse(request.body) as { data: { target: { id: string } } }).data.target.id)).to.deep.equal(['committed']);
  });

  it('retries a failed delivery with the same webhook-id until the receiver answers 2xx', async () => {
    const r = await receiver([
      { status: 500, body: 'boom' },
      { status: 200, body: 'ok' },
    ]);
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['policy.updated'] });
    await raise(t.app.db, sampleEvent('policy.updated'));
    const [first, second] = await r.waitFor(2);
    expect(second!.headers['webhook-id']).to.equal(first!.headers['webhook-id']);
    expect(second!.body, 'the same body').to.equal(first!.body);
    const verifier = new StandardWebhook(hook.secret);
    for (const request of [first!, second!]) expect(() => verifier.verify(request.body, request.headers as Record<string, string>)).to.not.throw();
    const [delivery] = await settled(hook.id);
    expectSchema('webhook-delivery', delivery);
    expect(delivery).to.include({ status: 'succeeded', attempt_count: 2, status_code: 200, error: null, next_attempt_at: null });
    expect(delivery!.event_id).to.equal(first!.headers['webhook-id']);
    expect(delivery!.attempts.map((a) => [a.attempt, a.status_code, a.response_excerpt])).to.deep.equal([
      [1, 500, 'boom'],
      [2, 200, 'ok'],
    ]);
    expect(delivery!.attempts[0]!.error).to.equal('receiver answered 500');
  });

  it('waits longer before each retry (exponential backoff), then gives up after the last attempt', async () => {
    const r = await receiver([{ status: 503 }]);
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['policy.restored'] });
    await raise(t.app.db, sampleEvent('policy.restored'));
    const requests = await r.waitFor(4);
    const gaps = requests.slice(1).map((request, i) => request.at - requests[i]!.at);
    // Nominal 100, 400, 1600 ms, +-20% jitter, plus the time of a poll at worst.
    expect(gaps[0]).to.be.within(80, 1000);
    expect(gaps[1]).to.be.greaterThan(gaps[0]!);
    expect(gaps[2]).to.be.greaterThan(gaps[1]!);
    expect(gaps[2]).to.be.at.least(1280);
    const [delivery] = await settled(hook.id);
    expect(delivery).to.include({ status: 'failed', attempt_count: 4, status_code: 503, next_attempt_at: null });
    // Every attempt runs in a job: with none left queued, scheduled or running, none can follow.
    await deliveryJobsDone(t.app, hook.id);
    expect(r.requests, 'no attempt after the last').to.have.lengthOf(4);
  });

  it('disables a webhook whose deliveries keep failing, and raises webhook.disabled', async () => {
    const failing = await receiver([{ status: 500 }]);
    const watcher = await receiver();
    const hook = await createWebhook(t.app, token, { url: failing.url(), event_types: ['client.created'] });
    await createWebhook(t.app, token, { url: watcher.url(), event_types: ['webhook.disabled'] });
    // Two deliveries that fail every attempt (webhookDisableAfterFailedDeliveries: 2).
    await raise(t.app.db, sampleEvent('client.created', 'c1'), sampleEvent('client.created', 'c2'));
    const [notice] = await watcher.waitFor(1, 15_000);
    const body = JSON.parse(notice!.body) as { type: string; data: { target: { id: string }; actor: { token_kind: string }; data: { reason: string } } };
    expect(body.type).to.equal('webhook.disabled');
    expect(body.data.target.id).to.equal(hook.id);
    expect(body.data.actor.token_kind).to.equal('system');
    expect(body.data.data.reason).to.match(/2 deliveries in a row failed every attempt/);
    const audited = await t.app.db('audit_events').where({ type: 'webhook.disabled', target_id: hook.id });
    expect(audited, 'webhook.disabled is in the audit log').to.have.lengthOf(1);
    expect(audited[0].id).to.equal(notice!.headers['webhook-id']);
    const current = (await t.app.inject({ method: 'GET', url: `/v1/webhooks/${hook.id}`, headers: bearer(token) })).json() as Record<string, unknown>;
    expect(current).to.include({ enabled: false, disabled_reason: body.data.data.reason });
    expect(current.disabled_at).to.be.a('string');
    const attemptsBefore = failing.requests.length;
    const deliveriesBefore = (await deliveriesOf(t.app, token, hook.id)).length;
    await raise(t.app.db, sampleEvent('client.created', 'c3'));
    // A delivery to it would have been made, with its job, in the transaction that raised c3.
    await deliveryJobsDone(t.app, hook.id);
    expect(failing.requests, 'a disabled webhook receives nothing').to.have.lengthOf(attemptsBefore);
    expect(await deliveriesOf(t.app, token, hook.id), 'nor is a delivery made to it').to.have.lengthOf(deliveriesBefore);
  });

  it('does not follow a redirect: a 3xx answer is a failed attempt', async () => {
    const target = await receiver();
    const redirecting = await receiver([{ status: 302, headers: { location: target.url() } }]);
    const hook = await createWebhook(t.app, token, { url: redirecting.url(), event_types: ['api_token.created'] });
    await raise(t.app.db, sampleEvent('api_token.created'));
    await redirecting.waitFor(2);
    const [delivery] = await deliveriesOf(t.app, token, hook.id);
    expect(delivery!.attempts[0]).to.include({ status_code: 302 });
    expect(delivery!.attempts[0]!.error).to.match(/redirect \(302\) not followed/);
    expect(target.requests).to.have.lengthOf(0);
  });

  it('times out a hanging receiver without delaying the delivery to another webhook', async () => {
    const hanging = await receiver(['hang']);
    const fast = await receiver();
    const slowHook = await createWebhook(t.app, token, { url: hanging.url(), event_types: ['token.revoked'] });
    await createWebhook(t.app, token, { url: fast.url(), event_types: ['token.revoked'] });
    const raisedAt = Date.now();
    await raise(t.app.db, sampleEvent('token.revoked'));
    await hanging.waitFor(1);
    const [delivered] = await fast.waitFor(1);
    expect(delivered!.at - raisedAt, 'the fast receiver is not held up by the hanging one (timeout: 1000 ms)').to.be.below(900);
    const [timedOut] = await eventually(async () => {
      const deliveries = await deliveriesOf(t.app, token, slowHook.id);
      return deliveries[0]?.attempts.length ? deliveries : undefined;
    });
    expect(timedOut!.attempts[0]).to.include({ status_code: null, error: 'timeout: no answer within 1000 ms' });
    expect(timedOut!.attempts[0]!.latency_ms).to.be.within(950, 1500);
  });

  it('keeps only a short excerpt of what the receiver answers', async () => {
    const r = await receiver([{ status: 200, body: 'x'.repeat(64 * 1024) }]);
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['signing_key.rotated'] });
    await raise(t.app.db, sampleEvent('signing_key.rotated'));
    const [delivery] = await settled(hook.id);
    expect(delivery!.attempts[0]!.response_excerpt).to.have.lengthOf(1024);
  });

  it('redelivers a delivery on request, with the same webhook-id, and logs the attempt', async () => {
    const r = await receiver();
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['principal.created'] });
    await raise(t.app.db, sampleEvent('principal.created'));
    const [delivered] = await settled(hook.id);
    const response = await t.app.inject({ method: 'POST', url: `/v1/webhooks/${hook.id}/deliveries/${delivered!.id}/redeliver`, headers: bearer(token) });
    expect(response.statusCode, response.body).to.equal(202);
    expectSchema('webhook-delivery', response.json());
    expect(response.json()).to.include({ id: delivered!.id, status: 'pending' });
    const [first, second] = await r.waitFor(2);
    expect(second!.headers['webhook-id']).to.equal(first!.headers['webhook-id']);
    const [after] = await settled(hook.id);
    expect(after).to.include({ status: 'succeeded', attempt_count: 2 });
    expect(after!.attempts).to.have.lengthOf(2);
  });

  it('leaves a pending delivery whose attempt is in flight to it, and refuses a delivery of another webhook', async () => {
    const r = await receiver(['hang']);
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['client.deleted'] });
    const other = await createWebhook(t.app, token, { url: r.url('/x'), event_types: ['report.failed'] });
    await raise(t.app.db, sampleEvent('client.deleted'));
    await r.waitFor(1);
    const [pending] = await deliveriesOf(t.app, token, hook.id);
    const inFlight = await t.app.inject({ method: 'POST', url: `/v1/webhooks/${hook.id}/deliveries/${pending!.id}/redeliver`, headers: bearer(token) });
    expect(inFlight.statusCode, inFlight.body).to.equal(202);
    expect(inFlight.json()).to.include({ id: pending!.id, status: 'pending', attempt_count: 0 });
    expect(r.openRequests, 'no second attempt beside the one in flight').to.equal(1);
    const elsewhere = await t.app.inject({ method: 'POST', url: `/v1/webhooks/${other.id}/deliveries/${pending!.id}/redeliver`, headers: bearer(token) });
    expect(elsewhere.statusCode).to.equal(404);
  });
});

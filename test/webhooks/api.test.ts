import { expect } from 'chai';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { decryptSigningSecret } from '../../server/src/domains/webhooks/secret-store.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectProblem } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';
import { adminToken, createWebhook, deliveryJobsDone, webhookTestConfig } from './fixtures.js';
import { Receiver } from './receiver.js';

describe('webhooks API (/v1/webhooks)', () => {
  let t: TestApp;
  let token: string;
  let r: Receiver;

  before(async () => {
    t = await startTestApp({ config: webhookTestConfig });
    token = await adminToken(t.app);
    r = await Receiver.start();
  });
  after(async () => {
    await t.close();
    await r.close();
  });

  it('creates a webhook and shows its Standard Webhooks signing secret in the answer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: bearer(token),
      payload: { url: r.url(), event_types: ['*'], description: 'all events' },
    });
    expect(response.statusCode, response.body).to.equal(201);
    const body = response.json() as Record<string, unknown>;
    expectSchema('webhook-created', body);
    expect(body).to.include({ url: r.url(), description: 'all events', enabled: true, disabled_at: null, disabled_reason: null });
    expect(body.event_types).to.deep.equal(['*']);
    expect(body.secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from((body.secret as string).slice('whsec_'.length), 'base64')).to.have.lengthOf(32);
    expect(response.headers.location).to.equal(`/v1/webhooks/${body.id as string}`);
  });

  it('never shows the secret again: not in get, not in list', async () => {
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['policy.created'] });
    const got = await t.app.inject({ method: 'GET', url: `/v1/webhooks/${hook.id}`, headers: bearer(token) });
    expect(got.statusCode).to.equal(200);
    expectSchema('webhook', got.json());
    expect(got.body).to.not.include(hook.secret.slice('whsec_'.length));
    const list = await t.app.inject({ method: 'GET', url: '/v1/webhooks?limit=100', headers: bearer(token) });
    expectSchema('webhook-list', list.json());
    expect(list.body).to.not.include(hook.secret.slice('whsec_'.length));
    expect((list.json() as { data: Array<{ id: string }> }).data.map((w) => w.id)).to.include(hook.id);
  });

  it('stores the secret encrypted with the key-encryption key, bound to the webhook', async () => {
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['policy.created'] });
    const row = (await t.app.db('webhooks').where({ id: hook.id }).first()) as Record<string, unknown>;
    const stored = JSON.stringify(row);
    expect(stored).to.not.include(hook.secret.slice('whsec_'.length));
    expect(stored).to.not.include(Buffer.from(hook.secret).toString('base64'));
    expect(row.secret_ciphertext).to.match(/^v1\./);
    expect(decryptSigningSecret(row.secret_ciphertext as string, t.config.keyEncryptionKey, hook.id)).to.equal(hook.secret);
    expect(() => decryptSigningSecret(row.secret_ciphertext as string, t.config.keyEncryptionKey, 'another-webhook')).to.throw();
  });

  it('lists webhooks in the pagination envelope, newest first', async () => {
    const a = await createWebhook(t.app, token, { url: r.url(), event_types: ['policy.created'] });
    const b = await createWebhook(t.app, token, { url: r.url(), event_types: ['policy.created'] });
    const response = await t.app.inject({ method: 'GET', url: '/v1/webhooks?page=1&limit=2', headers: bearer(token) });
    const body = response.json() as { data: Array<{ id: string }>; pagination: { total: number; page: number; per_page: number; pages: number } };
    expect(body.data.map((w) => w.id)).to.deep.equal([b.id, a.id]);
    expect(body.pagination).to.include({ page: 1, per_page: 2 });
    expect(body.pagination.pages).to.equal(Math.ceil(body.pagination.total / 2));
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/webhooks?limit=101', headers: bearer(token) }), 400, 'validation_failed');
  });

  it('changes a webhook with PATCH, and re-enabling clears the disabled state', async () => {
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['policy.created'], enabled: false });
    expect(hook).to.include({ enabled: false });
    expect(hook.disabled_reason).to.match(/^created disabled by /);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/v1/webhooks/${hook.id}`,
      headers: bearer(token),
      payload: { event_types: ['policy.updated', 'policy.deleted'], description: 'd', enabled: true },
    });
    expect(changed.statusCode, changed.body).to.equal(200);
    expectSchema('webhook', changed.json());
    expect(changed.json()).to.deep.include({
      enabled: true,
      disabled_at: null,
      disabled_reason: null,
      description: 'd',
      event_types: ['policy.updated', 'policy.deleted'],
    });
    const off = await t.app.inject({ method: 'PATCH', url: `/v1/webhooks/${hook.id}`, headers: bearer(token), payload: { enabled: false } });
    expect(off.json()).to.include({ enabled: false });
    expect((off.json() as { disabled_reason: string }).disabled_reason).to.match(/^disabled by /);
    expectProblem(await t.app.inject({ method: 'PATCH', url: `/v1/webhooks/${hook.id}`, headers: bearer(token), payload: {} }), 400, 'validation_failed');
  });

  it('deletes a webhook (204), after which it is not found', async () => {
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['policy.created'] });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/v1/webhooks/${hook.id}`, headers: bearer(token) });
    expect(deleted.statusCode).to.equal(204);
    expect(deleted.body).to.equal('');
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/webhooks/${hook.id}`, headers: bearer(token) }), 404, 'not_found');
    expectProblem(await t.app.inject({ method: 'DELETE', url: `/v1/webhooks/${hook.id}`, headers: bearer(token) }), 404, 'not_found');
  });

  it('refuses unknown event types, an empty subscription and ids that are not UUIDs', async () => {
    expectProblem(
      await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(token), payload: { url: r.url(), event_types: ['policy.exploded'] } }),
      400,
      'validation_failed',
    );
    expectProblem(
      await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(token), payload: { url: r.url(), event_types: [] } }),
      400,
      'validation_failed',
    );
    expectProblem(
      await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(token), payload: { url: r.url(), event_types: ['auth.token_issued'] } }),
      400,
      'validation_failed',
    );
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/webhooks/not-a-uuid', headers: bearer(token) }), 400, 'validation_failed');
  });

  it('requires admin:all', async () => {
    const reader = await accessToken(t.app, await registerClient(t.app, ['read:policies', 'read:audit']));
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/webhooks', headers: bearer(reader) }), 403, 'insufficient_scope');
    expectProblem(
      await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(reader), payload: { url: r.url(), event_types: ['*'] } }),
      403,
      'insufficient_scope',
    );
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/webhooks' }), 401, 'unauthorized');
  });

  describe('POST /v1/webhooks/{id}/test', () => {
    it("sends a signed webhook.test event at once and answers the receiver's status and latency", async () => {
      const receiver = await Receiver.start([{ status: 204 }]);
      try {
        const hook = await createWebhook(t.app, token, { url: receiver.url(), event_types: ['policy.created'] });
        const response = await t.app.inject({ method: 'POST', url: `/v1/webhooks/${hook.id}/test`, headers: bearer(token) });
        expect(response.statusCode, response.body).to.equal(200);
        const result = response.json() as Record<string, unknown>;
        expectSchema('webhook-test-result', result);
        expect(result).to.include({ success: true, status_code: 204, error: null });
        expect(result.latency_ms).to.be.a('number').and.at.least(0);
        expect(receiver.requests, 'sent before the answer').to.have.lengthOf(1);
        const [request] = receiver.requests;
        const payload = new StandardWebhook(hook.secret).verify(request!.body, request!.headers as Record<string, string>) as {
          type: string;
          data: { target: { id: string } };
        };
        expect(payload.type).to.equal('webhook.test');
        expect(payload.data.target.id).to.equal(hook.id);
        expect(request!.headers['webhook-id']).to.equal(result.message_id);
      } finally {
        await receiver.close();
      }
    });

    it('reports a failing receiver, and sends the test to this webhook only', async () => {
      const failing = await Receiver.start([{ status: 500, body: 'nope' }]);
      const bystander = await Receiver.start();
      try {
        const hook = await createWebhook(t.app, token, { url: failing.url(), event_types: ['policy.created'] });
        const bystanderHook = await createWebhook(t.app, token, { url: bystander.url(), event_types: ['webhook.test'] });
        const result = (await t.app.inject({ method: 'POST', url: `/v1/webhooks/${hook.id}/test`, headers: bearer(token) })).json() as Record<string, unknown>;
        expect(result).to.include({ success: false, status_code: 500, error: 'receiver answered 500', response_excerpt: 'nope' });
        // webhook.test is recorded (committed) before it is sent: a delivery to the bystander would have its job by now.
        await deliveryJobsDone(t.app, bystanderHook.id);
        expect(bystander.requests).to.have.lengthOf(0);
        expect(await t.app.db('webhook_deliveries').where({ webhook_id: bystanderHook.id })).to.have.lengthOf(0);
        expect(await t.app.db('webhook_deliveries').where({ webhook_id: hook.id })).to.have.lengthOf(0);
      } finally {
        await failing.close();
        await bystander.close();
      }
    });
  });
});

import { expect } from 'chai';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { clientCredentialsToken, httpCall } from '../helpers/http.js';
import { deliveriesOf, eventually, raise, sampleEvent, webhookTestConfig } from '../webhooks/fixtures.js';
import { Receiver } from '../webhooks/receiver.js';
import { allowReadDocs } from './load.js';

/**
 * Issue #10 (c): receivers that hold every delivery open (one never answers, one answers after
 * 30 s) occupy every delivery slot, and the API does not notice: its requests are answered while
 * the deliveries still hang, and each delivery ends at the configured timeout.
 */
describe('slow and hanging webhook receivers', function () {
  this.timeout(90_000);
  // Far longer than the API needs for its requests below, on a busy machine too (6 s was not, at a
  // load of 10 on 2 cores), and far shorter than the slow receiver's answer.
  const timeoutMs = 15_000;
  let t: TestApp;
  let client: TestClient;
  let token: string;
  let base: string;
  let hanging: Receiver;
  let slow: Receiver;
  const hooks: string[] = [];

  before(async () => {
    hanging = await Receiver.start(['hang']);
    slow = await Receiver.start([{ status: 200, delayMs: 30_000 }]);
    t = await startTestApp({
      listen: true,
      config: { ...webhookTestConfig, webhookTimeoutMs: timeoutMs, webhookMaxAttempts: 2, webhookRetryBaseDelayMs: 100 },
    });
    base = `http://127.0.0.1:${t.config.port}/v1`;
    client = await registerClient(t.app, ['admin:all']);
    token = await clientCredentialsToken(base, client.clientId, client.clientSecret);
    // Five webhooks per receiver: a webhook has one first attempt in flight at a time (ordered
    // delivery, docs/webhooks.md "Order"), so ten webhooks are what can take more than the 8 slots.
    for (const receiver of [hanging, slow]) {
      for (let i = 0; i < 5; i++) {
        const body = { url: receiver.url(`/hook-${i}`), event_types: ['principal.created', 'policy.created'] };
        const hook = await httpCall(`${base}/webhooks`, { token, body });
        expect(hook.status).to.equal(201);
        hooks.push(hook.body.id);
      }
    }
  });
  after(async () => {
    await t.close();
    await hanging.close();
    await slow.close();
  });

  it('answers API requests while every delivery slot hangs, then times each delivery out per the webhook settings', async () => {
    // 10 webhooks x 10 events: more deliveries, and more webhooks, than the worker's 8 slots.
    for (let i = 0; i < 10; i++) await raise(t.app.db, sampleEvent('principal.created', `p-${i}`));
    await eventually(async () => (hanging.openRequests + slow.openRequests >= webhookConcurrency() ? true : undefined), 10_000, 'every delivery slot to hang');

    // Decisions, reads, writes (which enqueue more deliveries) and token issuance, 10 at a time.
    const calls = Array.from({ length: 60 }, (_, n) => {
      switch (n % 4) {
        case 0:
          return httpCall(`${base}/decisions/evaluate`, {
            token,
            body: { principal: { type: 'USER' }, resource: { type: 'doc', identifier: `d-${n}` }, action: 'read' },
          });
        case 1:
          return httpCall(`${base}/policies`, { token });
        case 2:
          return httpCall(`${base}/policies`, { token, body: { name: `while-hanging-${n}`, status: 'active', rules: [allowReadDocs] } });
        default:
          return httpCall(`${base}/oauth/token`, {
            body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
          });
      }
    });
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.status)).to.deep.equal(calls.map((_, n) => [200, 200, 201, 200][n % 4]));

    // All of that was answered before any delivery attempt ended: the receivers still hold them.
    expect(hanging.openRequests + slow.openRequests, 'deliveries still hanging').to.be.at.least(webhookConcurrency());
    const finished = await t.app.db('webhook_delivery_attempts').count<{ count: number }[]>({ count: '*' });
    expect(finished[0]!.count, 'delivery attempts finished while the API answered').to.equal(0);

    // Each hanging delivery ends at the configured timeout, the 30 s answer included.
    for (const hook of hooks) {
      const [attempt] = await eventually(
        async () => {
          const attempts = (await deliveriesOf(t.app, token, hook)).flatMap((delivery) => delivery.attempts);
          return attempts.length > 0 ? attempts : undefined;
        },
        30_000,
        'a delivery attempt to end',
      );
      expect(attempt).to.include({ status_code: null, error: `timeout: no answer within ${timeoutMs} ms` });
    }
  });

  function webhookConcurrency(): number {
    return t.config.webhookConcurrency;
  }
});

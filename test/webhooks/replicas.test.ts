import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { adminToken, createWebhook, deliveriesOf, deliveryJobsDone, eventually, raise, sampleEvent, webhookTestConfig } from './fixtures.js';
import { Receiver } from './receiver.js';

describe('webhook deliveries with several replicas and repeated failures', () => {
  const apps: TestApp[] = [];
  const receivers: Receiver[] = [];
  after(async () => {
    for (const app of apps) await app.close();
    for (const receiver of receivers) await receiver.close();
  });

  it('gets an event to a receiver that fails three times then succeeds, with the same webhook-id every time', async () => {
    const receiver = await Receiver.start([{ status: 500 }, { status: 502 }, { status: 503 }, { status: 200 }]);
    receivers.push(receiver);
    const t = await startTestApp({ config: webhookTestConfig });
    apps.push(t);
    const token = await adminToken(t.app);
    const hook = await createWebhook(t.app, token, { url: receiver.url(), event_types: ['principal.created'] });
    await raise(t.app.db, sampleEvent('principal.created', 'p-1'));
    const requests = await receiver.waitFor(4, 20_000);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).to.equal(1);
    const [delivery] = await eventually(
      async () => {
        const deliveries = await deliveriesOf(t.app, token, hook.id);
        return deliveries[0]?.status === 'succeeded' ? deliveries : undefined;
      },
      15_000,
      'the delivery to succeed',
    );
    expect(delivery).to.include({ attempt_count: 4, status_code: 200 });
  });

  it('delivers each event exactly once when two app instances share the database', async () => {
    const receiver = await Receiver.start();
    receivers.push(receiver);
    const databaseUrl = await freshDatabase();
    const first = await startTestApp({ databaseUrl, config: webhookTestConfig });
    apps.push(first);
    const second = await startTestApp({ databaseUrl, config: { ...webhookTestConfig, keyEncryptionKey: first.config.keyEncryptionKey } });
    apps.push(second);
    const token = await adminToken(first.app);
    const hook = await createWebhook(first.app, token, { url: receiver.url(), event_types: ['policy.created'] });
    const events = Array.from({ length: 20 }, (_, i) => sampleEvent('policy.created', `pol-${i}`));
    for (const [i, event] of events.entries()) await raise(i % 2 === 0 ? first.app.db : second.app.db, event);
    await receiver.waitFor(20, 20_000);
    // A duplicate, if any, is sent by a job of these deliveries: count once none is left.
    await deliveryJobsDone(first.app, hook.id);
    const ids = receiver.requests.map((r) => r.headers['webhook-id']);
    expect(ids).to.have.lengthOf(20);
    expect(new Set(ids).size).to.equal(20);
  });
});

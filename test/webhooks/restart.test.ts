import { expect } from 'chai';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { startTestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { adminToken, createWebhook, deliveriesOf, eventually, raise, sampleEvent, webhookTestConfig } from './fixtures.js';
import { Receiver } from './receiver.js';

describe('webhook deliveries across a restart', () => {
  it('delivers an event enqueued before the app closed, from a new app on the same database', async () => {
    const receiver = await Receiver.start();
    const databaseUrl = await freshDatabase();
    // The first app delivers nothing (webhookConcurrency: 0), so the delivery is still pending when it closes.
    const first = await startTestApp({ databaseUrl, config: { ...webhookTestConfig, webhookConcurrency: 0 } });
    const token = await adminToken(first.app);
    const hook = await createWebhook(first.app, token, { url: receiver.url(), event_types: ['policy.deleted'] });
    await raise(first.app.db, sampleEvent('policy.deleted', 'before-restart'));
    const [counted] = await first.app
      .db('webhook_deliveries')
      .where({ webhook_id: hook.id, status: 'pending' })
      .count<Array<{ count: string }>>({ count: '*' });
    await first.close();
    expect(Number(counted!.count)).to.equal(1);
    expect(receiver.requests).to.have.lengthOf(0);

    const second = await startTestApp({ databaseUrl, config: { ...webhookTestConfig, keyEncryptionKey: first.config.keyEncryptionKey } });
    try {
      const [request] = await receiver.waitFor(1);
      const payload = new StandardWebhook(hook.secret).verify(request!.body, request!.headers as Record<string, string>) as {
        type: string;
        data: { target: { id: string } };
      };
      expect(payload.type).to.equal('policy.deleted');
      expect(payload.data.target.id).to.equal('before-restart');
    } finally {
      await second.close();
      await receiver.close();
    }
  });

  it('gives back an attempt in flight at shutdown, uncounted, and the next app makes it', async () => {
    const receiver = await Receiver.start(['hang', { status: 200 }]);
    const databaseUrl = await freshDatabase();
    // The receiver never answers, and the delivery would wait for it 120 s: longer than this test may run.
    const first = await startTestApp({ databaseUrl, config: { ...webhookTestConfig, webhookTimeoutMs: 120_000 } });
    const token = await adminToken(first.app);
    const hook = await createWebhook(first.app, token, { url: receiver.url(), event_types: ['policy.updated'] });
    await raise(first.app.db, sampleEvent('policy.updated'));
    await receiver.waitFor(1);
    // Shutdown does not wait for the hanging receiver: were it to, the test's own timeout would end it.
    await first.close();

    const second = await startTestApp({ databaseUrl, config: { ...webhookTestConfig, keyEncryptionKey: first.config.keyEncryptionKey } });
    try {
      const token2 = await adminToken(second.app);
      const [, retried] = await receiver.waitFor(2);
      expect(retried!.headers['webhook-id']).to.equal(receiver.requests[0]!.headers['webhook-id']);
      const [delivery] = await eventually(async () => {
        const deliveries = await deliveriesOf(second.app, token2, hook.id);
        return deliveries[0]?.status === 'succeeded' ? deliveries : undefined;
      });
      expect(delivery!.attempt_count, 'the interrupted attempt is not counted').to.equal(1);
    } finally {
      await second.close();
      await receiver.close();
    }
  });
});

import { expect } from 'chai';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { samplePolicy } from '../policies/fixtures.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { httpCall } from '../helpers/http.js';
import { expectSchema } from '../helpers/schemas.js';
import { adminToken, createWebhook, deliveriesOf, deliveryJobsDone, eventually, raise, sampleEvent, webhookTestConfig } from './fixtures.js';
import { Receiver, type ReceivedRequest } from './receiver.js';

/** The webhook-id of each request, in arrival order. */
const idsOf = (requests: readonly ReceivedRequest[]): string[] => requests.map((request) => request.headers['webhook-id'] as string);

/** Each id once, at its first arrival: the order of first attempts. */
const firstArrivals = (requests: readonly ReceivedRequest[]): string[] => [...new Set(idsOf(requests))];

/** Issue #23: a webhook receives a change set's events, and any committed events, in commit order. */
describe('webhook deliveries in commit order', function () {
  this.timeout(90_000);
  const apps: TestApp[] = [];
  const receivers: Receiver[] = [];
  const receiver = async (...script: Parameters<typeof Receiver.start>): Promise<Receiver> => {
    const started = await Receiver.start(...script);
    receivers.push(started);
    return started;
  };
  after(async () => {
    for (const app of apps) await app.close();
    for (const r of receivers) await r.close();
  });

  it('sends a 200-change set to a webhook in the set order, policy_set.applied last, each event once, from two replicas', async () => {
    const databaseUrl = await freshDatabase();
    const first = await startTestApp({ databaseUrl, listen: true, config: webhookTestConfig });
    apps.push(first);
    const second = await startTestApp({ databaseUrl, config: { ...webhookTestConfig, keyEncryptionKey: first.config.keyEncryptionKey } });
    apps.push(second);
    const token = await adminToken(first.app);
    const apply = async (changes: unknown[]): Promise<Array<{ id: string; version: number }>> => {
      const answer = await httpCall(`${first.baseUrl}/policy-sets`, { token, body: { changes, provenance: { tool: 'ordered-delivery.test.ts' } } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      return answer.body.changes;
    };
    // Policies the set updates and deletes, made before the webhook exists.
    const existing = await apply(Array.from({ length: 60 }, (_, i) => ({ action: 'create', policy: samplePolicy({ name: `ordered-old-${i}` }) })));

    const r = await receiver();
    const hook = await createWebhook(first.app, token, {
      url: r.url(),
      event_types: ['policy.created', 'policy.updated', 'policy.deleted', 'policy.restored', 'policy.rolled_back', 'policy_set.applied'],
    });
    // 140 creates, with 40 updates and 20 deletes of the older policies between them: 200 changes.
    const olderChanges = existing.map((old, i) =>
      i % 3 === 0
        ? { action: 'delete', id: old.id, if_match: old.version }
        : { action: 'update', id: old.id, if_match: old.version, policy: samplePolicy({ name: `ordered-old-${i}`, description: 'changed' }) },
    );
    const changes: unknown[] = [];
    for (let i = 0; i < 140; i++) {
      changes.push({ action: 'create', policy: samplePolicy({ name: `ordered-new-${i}` }) });
      if (i % 7 < 3) changes.push(olderChanges.shift());
    }
    expect(changes).to.have.lengthOf(200);
    await apply(changes);

    // The order the set's transaction recorded them in: the audit log's sequence, after the webhook's creation.
    const created = (await first.app.db('audit_events').where({ type: 'webhook.created', target_id: hook.id }).first('seq')) as { seq: number };
    const recorded = (await first.app
      .db('audit_events')
      .where('seq', '>', created.seq)
      .whereIn('type', ['policy.created', 'policy.updated', 'policy.deleted', 'policy_set.applied'])
      .orderBy('seq')
      .select('id', 'type')) as Array<{ id: string; type: string }>;
    expect(recorded).to.have.lengthOf(201);
    expect(recorded.at(-1)!.type).to.equal('policy_set.applied');

    await r.waitFor(201, 60_000);
    // A duplicate, if any, is sent by a job of these deliveries: count once none is left.
    await deliveryJobsDone(first.app, hook.id);
    expect(idsOf(r.requests), 'each event exactly once, in the recorded order').to.deep.equal(recorded.map((event) => event.id));

    // Receivers can order by themselves too: the signed body carries each event's position.
    const verifier = new StandardWebhook(hook.secret);
    const bodies = r.requests.map((request) => verifier.verify(request.body, request.headers as Record<string, string>) as { type: string; position: number });
    for (const body of [bodies[0], bodies.at(-1)]) expectSchema('webhook-payload', body);
    expect(bodies.at(-1)!.type).to.equal('policy_set.applied');
    const positions = bodies.map((body) => body.position);
    expect(positions, 'positions rise in arrival order').to.deep.equal([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).to.equal(201);
  });

  it('goes on past a delivery that fails once, and retries that one on its own; events of later transactions come later', async () => {
    // The 11th request fails; every other one succeeds.
    const r = await receiver([...Array.from({ length: 10 }, () => ({ status: 200 })), { status: 500 }, { status: 200 }]);
    // The retry waits 5 s, far longer than the 19 later deliveries take even on a busy machine (with
    // the suite's 100 ms it could overtake p-11 there): what is asserted is that they do not wait for it.
    const t = await startTestApp({ config: { ...webhookTestConfig, webhookRetryBaseDelayMs: 5_000 } });
    apps.push(t);
    const token = await adminToken(t.app);
    const hook = await createWebhook(t.app, token, { url: r.url(), event_types: ['principal.created'] });
    // 30 events in 10 transactions, one after the other.
    for (let n = 0; n < 10; n++) {
      await raise(t.app.db, ...Array.from({ length: 3 }, (_, i) => sampleEvent('principal.created', `p-${n * 3 + i}`)));
    }
    const requests = await r.waitFor(31, 20_000);
    const targets = requests.map((request) => (JSON.parse(request.body) as { data: { target: { id: string } } }).data.target.id);
    const expected = Array.from({ length: 30 }, (_, i) => `p-${i}`);
    expect([...new Set(targets)], 'first attempts in commit order').to.deep.equal(expected);
    expect(targets[10]).to.equal('p-10');
    expect(targets[11], 'the next event goes as soon as the failed attempt is answered').to.equal('p-11');
    expect(targets.filter((target) => target === 'p-10')).to.have.lengthOf(2);
    expect(targets.lastIndexOf('p-10'), 'the retry is not ahead of later events').to.be.greaterThan(11);
    expect(firstArrivals(requests)).to.have.lengthOf(30);
    const deliveries = await eventually(
      async () => {
        const all = await deliveriesOf(t.app, token, hook.id);
        return all.length === 30 && all.every((d) => d.status === 'succeeded') ? all : undefined;
      },
      10_000,
      'every delivery to succeed',
    );
    expect(deliveries.filter((d) => d.attempt_count === 2).map((d) => d.event_id)).to.deep.equal([requests[10]!.headers['webhook-id']]);
  });

  it('keeps a slow webhook from delaying another one', async () => {
    // The slow receiver holds its first answer until the fast one has every event: a slow webhook,
    // whatever the machine's speed, not a delay the fast deliveries must beat.
    let answerSlow!: () => void;
    const slowAnswered = new Promise<void>((resolve) => (answerSlow = resolve));
    const slow = await receiver([{ status: 200, until: slowAnswered }, { status: 200 }]);
    const fast = await receiver();
    const t = await startTestApp({ config: { ...webhookTestConfig, webhookTimeoutMs: 60_000 } });
    apps.push(t);
    const token = await adminToken(t.app);
    await createWebhook(t.app, token, { url: slow.url(), event_types: ['principal.created'] });
    await createWebhook(t.app, token, { url: fast.url(), event_types: ['principal.created'] });
    await raise(t.app.db, ...Array.from({ length: 20 }, (_, i) => sampleEvent('principal.created', `p-${i}`)));
    const delivered = await fast.waitFor(20, 50_000);
    const targets = delivered.map((request) => (JSON.parse(request.body) as { data: { target: { id: string } } }).data.target.id);
    expect(targets).to.deep.equal(Array.from({ length: 20 }, (_, i) => `p-${i}`));
    // All twenty went out meanwhile; the slow webhook's second event waits for its first answer.
    await slow.waitFor(1, 50_000);
    expect(slow.requests.length, 'the slow webhook has not answered its first delivery yet').to.equal(1);
    const answeredAt = Date.now();
    answerSlow();
    await slow.waitFor(2, 50_000);
    expect(slow.requests[1]!.at).to.be.at.least(answeredAt);
  });
});

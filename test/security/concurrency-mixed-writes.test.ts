import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { clientCredentialsToken } from '../helpers/http.js';
import { webhookTestConfig } from '../webhooks/fixtures.js';
import { Receiver } from '../webhooks/receiver.js';
import { deadLoopbackUrl, deadlocksOf, runWriters, serverErrors, successesByKind, type WriteKind } from './concurrent-writers.js';

/**
 * Issue #19, the concurrency test: two instances on one database, as replicas behind a load
 * balancer, and ten writers in parallel for 20 s, each mixing write kinds over real HTTP:
 * principals created, patched and deleted; policies created, updated and deleted; webhooks
 * (receiving every event, some at an address where nothing listens, so deliveries fail and
 * webhooks get disabled) created and deleted; API tokens created and revoked; token requests with
 * good and wrong secrets; decisions. No answer may be a 5xx, and PostgreSQL must detect no
 * deadlock: the retries (db/transaction-retry.ts) would hide one from the clients, the counter
 * does not (ARCHITECTURE.md "Lock order").
 */
describe('Security: ten writers mixing every write kind on two instances', function () {
  this.timeout(180_000);
  const instances: TestApp[] = [];
  let receiver: Receiver;
  let databaseUrl: string;

  before(async () => {
    databaseUrl = await freshDatabase();
    receiver = await Receiver.start();
    const shared = {
      ...webhookTestConfig,
      keyEncryptionKey: randomBytes(32).toString('base64'),
      publicUrl: 'https://acctl.concurrency.test',
      rateLimitStandard: 1_000_000,
      rateLimitDecision: 1_000_000,
    };
    for (let n = 0; n < 2; n++) instances.push(await startTestApp({ listen: true, databaseUrl, config: shared }));
  });
  after(async () => {
    for (const instance of instances.splice(0)) await instance.close();
    await receiver?.close();
  });

  it('answers no write with a 5xx and makes PostgreSQL detect no deadlock in 420 mixed writes', async () => {
    const bases = instances.map((instance) => `http://127.0.0.1:${instance.config.port}/v1`);
    const admin = await registerClient(instances[0]!.app, ['admin:all']);
    const victim = await registerClient(instances[0]!.app, ['read:policies']);
    const token = await clientCredentialsToken(bases[0]!, admin.clientId, admin.clientSecret);
    const deadlocksBefore = await deadlocksOf(databaseUrl);

    const every: WriteKind[] = ['principal', 'policy', 'webhook', 'api_token', 'token_request', 'failed_token_request', 'decision'];
    // Each writer starts at a different kind, so every kind runs beside every other at each moment.
    const kinds = Array.from({ length: 10 }, (_, n) => [...every.slice(n % every.length), ...every.slice(0, n % every.length)]);
    const answers = await runWriters(
      { bases, token, client: admin, victim, receiverUrl: receiver.url(), deadUrl: await deadLoopbackUrl() },
      // A count, not a time: each writer makes each kind 6 times, however busy the machine; the duration only bounds a hang.
      { writers: 10, kinds, durationMs: 150_000, maxWritesPerWriter: 42 },
    );
    // Deliveries, their failures and the disabling of webhooks run on: let them meet the last writes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const instance of instances.splice(0)) await instance.close();

    expect(serverErrors(answers), JSON.stringify(serverErrors(answers).slice(0, 3))).to.deep.equal([]);
    const successes = successesByKind(answers);
    for (const kind of every.filter((kind) => kind !== 'failed_token_request'))
      expect(successes[kind] ?? 0, `successful ${kind} requests`).to.be.greaterThan(10);
    expect(
      answers.filter((answer) => answer.kind === 'failed_token_request').every((answer) => answer.status === 401 || answer.status === 429),
      'failed token requests answer 401 or 429',
    ).to.equal(true);
    expect(await deadlocksOf(databaseUrl, { settled: true }), 'deadlocks detected by PostgreSQL').to.equal(deadlocksBefore);
  });
});

import { expect } from 'chai';
import { registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { clientCredentialsToken } from '../helpers/http.js';
import { webhookTestConfig } from '../webhooks/fixtures.js';
import { Receiver } from '../webhooks/receiver.js';
import { deadLoopbackUrl, deadlocksOf, runWriters, serverErrors, successesByKind } from './concurrent-writers.js';

/**
 * Issue #19, finding 8: webhooks created and deleted while other writes ran made 45 of about 106
 * writes answer 500 (`deadlock detected`): `delete from webhooks` held the webhook's row and waited
 * for the audit log's lock, while a write holding that lock waited for the same row, which the
 * foreign key of its `insert into webhook_deliveries` locks. Every write path now takes its locks
 * in one order (ARCHITECTURE.md "Lock order"), so none deadlocks, and a conflict that still happens
 * is retried, never answered 500.
 */
describe('Security: webhooks created and deleted beside other writes', function () {
  this.timeout(180_000);
  let t: TestApp | undefined;
  let receiver: Receiver;
  let databaseUrl: string;

  before(async () => {
    databaseUrl = await freshDatabase();
    receiver = await Receiver.start();
    t = await startTestApp({ listen: true, databaseUrl, config: { ...webhookTestConfig, rateLimitStandard: 1_000_000, rateLimitDecision: 1_000_000 } });
  });
  after(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('answers no write with a 5xx and makes PostgreSQL detect no deadlock', async () => {
    const app = t!;
    const admin = await registerClient(app.app, ['admin:all']);
    const token = await clientCredentialsToken(app.baseUrl, admin.clientId, admin.clientSecret);
    const deadlocksBefore = await deadlocksOf(databaseUrl);

    const answers = await runWriters(
      { bases: [app.baseUrl], token, client: admin, victim: admin, receiverUrl: receiver.url(), deadUrl: await deadLoopbackUrl() },
      // Three webhook writers (each webhook receives every event), the others changing principals,
      // policies and API tokens: each of those changes enqueues deliveries to the webhooks.
      {
        writers: 8,
        kinds: [['webhook'], ['principal'], ['policy'], ['webhook'], ['principal', 'api_token'], ['policy'], ['webhook'], ['principal', 'policy']],
        // A count, not a time: 40 writes each (the api_token writer 20 of them), however busy the
        // machine; the duration only bounds a hang. (10 s of writes made 8 api_token writes on a busy one.)
        durationMs: 90_000,
        maxWritesPerWriter: 40,
      },
    );
    // Deliveries and their failures (the dead URL) keep running: let them meet the deletes, then stop.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await app.close();
    t = undefined;

    expect(serverErrors(answers), JSON.stringify(serverErrors(answers).slice(0, 3))).to.deep.equal([]);
    const successes = successesByKind(answers);
    for (const kind of ['webhook', 'principal', 'policy', 'api_token']) expect(successes[kind] ?? 0, `successful ${kind} writes`).to.be.greaterThan(10);
    expect(await deadlocksOf(databaseUrl, { settled: true }), 'deadlocks detected by PostgreSQL').to.equal(deadlocksBefore);
  });
});

import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { deadlocksOf } from '../security/concurrent-writers.js';
import { webhookTestConfig } from '../webhooks/fixtures.js';

/**
 * Replicas of a new deployment start at the same moment on a database they are the first to use:
 * each creates the job queues it works (webhook deliveries, audit reports, retention) at start,
 * and pg-boss creates its own cron queue, and PostgreSQL must not end any of those starts with a
 * deadlock. Nor any statement at all: pg-boss swallows a deadlock of its cron queue's creation,
 * which leaves that replica without it, so the database's deadlock count must stay at 0.
 */
describe('replicas starting together on a new database', function () {
  this.timeout(90_000);

  it('all start, however their queue creations interleave', async () => {
    for (let round = 0; round < 5; round++) {
      const databaseUrl = await freshDatabase();
      const keyEncryptionKey = randomBytes(32).toString('base64');
      const started = await Promise.allSettled(
        Array.from({ length: 4 }, () => startTestApp({ databaseUrl, config: { ...webhookTestConfig, keyEncryptionKey } })),
      );
      const apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      await Promise.all(apps.map((app: TestApp) => app.close()));
      const failures = started.flatMap((result) => (result.status === 'rejected' ? [String((result.reason as Error).message)] : []));
      expect(failures, `round ${round}`).to.deep.equal([]);
      // Counted once every backend of the closed apps is gone, each having reported its statistics as it exited.
      expect(await deadlocksOf(databaseUrl, { settled: true }), `deadlocks in round ${round}`).to.equal(0);
    }
  });
});

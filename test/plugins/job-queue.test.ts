import { expect } from 'chai';
import { JobQueue, toKnexBindings } from '../../server/src/plugins/job-queue.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

describe('job queue (pg-boss on PostgreSQL)', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
    await t.app.jobs.boss.createQueue('test-queue');
  });
  after(async () => t.close());

  it('turns $n placeholders into Knex bindings in order of appearance, escaping literal ?', () => {
    expect(toKnexBindings('select $2, $1, data ? $1', ['a', 'b'])).to.deep.equal({ sql: 'select ?, ?, data \\? ?', bindings: ['b', 'a', 'a'] });
  });

  it('enqueues a job in the same transaction as a change: rolled back, there is no job', async () => {
    let sent: string | null = null;
    const rolledBack = await t.app.db
      .transaction(async (trx) => {
        sent = await t.app.jobs.boss.send('test-queue', { n: 1 }, { db: JobQueue.inTransaction(trx) });
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(rolledBack).to.equal('roll back');
    expect(sent, 'the job was written inside the transaction').to.be.a('string');
    expect(await t.app.jobs.boss.fetch('test-queue')).to.deep.equal([]);
  });

  it('enqueues a job in a committed transaction, and a worker receives it', async () => {
    await t.app.db.transaction(async (trx) => {
      await t.app.jobs.boss.send('test-queue', { n: 2 }, { db: JobQueue.inTransaction(trx) });
    });
    const received = await new Promise<unknown>((resolve) => {
      void t.app.jobs.boss.work<{ n: number }>('test-queue', { pollingIntervalSeconds: 0.5 }, async ([job]) => resolve(job!.data));
    });
    expect(received).to.deep.equal({ n: 2 });
  });
});

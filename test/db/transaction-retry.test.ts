import { expect } from 'chai';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { createKnex } from '../../server/src/db/knex.js';
import { inPgTransaction } from '../../server/src/db/pg-transaction.js';
import { defaultRetryOptions, inTransaction } from '../../server/src/db/transaction-retry.js';
import { errorsPlugin } from '../../server/src/plugins/errors.js';
import { freshDatabase } from '../helpers/database.js';
import { expectOAuthError, expectProblem } from '../helpers/responses.js';

/**
 * Issue #19, finding 8: a transaction PostgreSQL aborts for a deadlock (40P01) or a serialization
 * failure (40001) is run again, transparently and a bounded number of times; when it keeps
 * failing, the client gets a 503 with Retry-After, never a 500. The conflicts here are real ones,
 * made on a real PostgreSQL: a row updated by another connection after a REPEATABLE READ
 * transaction's snapshot, and two transactions locking two rows in opposite orders.
 */
describe('transactions run again after a concurrency conflict', function () {
  this.timeout(30_000);
  let db: Knex;

  before(async () => {
    db = createKnex(await freshDatabase(), 4);
    await db.raw('CREATE TABLE retry_probe (id integer PRIMARY KEY, n integer NOT NULL)');
    await db('retry_probe').insert([
      { id: 1, n: 0 },
      { id: 2, n: 0 },
    ]);
  });
  after(() => db.destroy());

  /**
   * A transaction that fails with a real 40001 on each of its first `conflicts` runs: it takes its
   * REPEATABLE READ snapshot, another connection updates the row and commits, then it updates the row.
   */
  function conflictingWork(conflicts: number, runs: { count: number }) {
    return async (trx: Knex.Transaction): Promise<number> => {
      runs.count++;
      await trx('retry_probe').where({ id: 1 }).first();
      if (runs.count <= conflicts) await db('retry_probe').where({ id: 1 }).increment('n', 1);
      const [row] = await trx('retry_probe').where({ id: 1 }).increment('n', 1).returning('n');
      return (row as { n: number }).n;
    };
  }

  it('runs a transaction again after a serialization failure and answers what the successful run answered', async () => {
    const runs = { count: 0 };
    const before = (await db('retry_probe').where({ id: 1 }).first()).n as number;
    const n = await inTransaction(db, conflictingWork(2, runs), { isolationLevel: 'repeatable read' });
    expect(runs.count).to.equal(3);
    // Two updates by the other connection, one by the run that committed: the failed runs left nothing.
    expect(n).to.equal(before + 3);
    expect((await db('retry_probe').where({ id: 1 }).first()).n).to.equal(before + 3);
  });

  it('gives up after a bounded number of runs and throws the conflict', async () => {
    const runs = { count: 0 };
    const failure = await inTransaction(db, conflictingWork(Infinity, runs), { isolationLevel: 'repeatable read' }).catch((error: unknown) => error);
    expect((failure as { code?: string }).code).to.equal('40001');
    expect(runs.count).to.equal(defaultRetryOptions.attempts);
  });

  it('does not run a transaction again for other errors', async () => {
    let runs = 0;
    const failure = await inTransaction(db, async (trx) => {
      runs++;
      await trx('retry_probe').insert({ id: 1, n: 0 });
    }).catch((error: unknown) => error);
    expect((failure as { code?: string }).code).to.equal('23505');
    expect(runs).to.equal(1);
  });

  it('runs both transactions of a real deadlock to completion, the victim run again', async () => {
    let runs = 0;
    // Each locks one row, waits until the other has locked its own, then asks for the other's.
    let locked = 0;
    const bothLocked = async (): Promise<void> => {
      locked++;
      for (let i = 0; i < 200 && locked < 2; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const crossing = (first: number, second: number) =>
      inTransaction(db, async (trx) => {
        runs++;
        await trx('retry_probe').where({ id: first }).increment('n', 1);
        await bothLocked();
        await trx('retry_probe').where({ id: second }).increment('n', 1);
        return first;
      });
    expect(await Promise.all([crossing(1, 2), crossing(2, 1)])).to.deep.equal([1, 2]);
    expect(runs).to.equal(3);
  });

  it('runs a pg transaction (inPgTransaction) again after a serialization failure', async () => {
    let runs = 0;
    const n = await inPgTransaction(db, async (client) => {
      runs++;
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      await client.query('SELECT n FROM retry_probe WHERE id = 2');
      if (runs === 1) await db('retry_probe').where({ id: 2 }).increment('n', 1);
      return (await client.query<{ n: number }>('UPDATE retry_probe SET n = n + 1 WHERE id = 2 RETURNING n')).rows[0]!.n;
    });
    expect(runs).to.equal(2);
    expect(n).to.equal((await db('retry_probe').where({ id: 2 }).first()).n);
  });

  describe('when the conflicts outlast the retries', () => {
    let app: FastifyInstance;

    before(async () => {
      app = Fastify();
      // As the app does (app.ts): the request id in a header, which a problem's request_id matches.
      app.addHook('onRequest', async (request, reply) => void reply.header('x-request-id', request.id));
      await app.register(errorsPlugin);
      const alwaysConflicting = async (): Promise<{ ok: true }> => {
        const runs = { count: 0 };
        await inTransaction(db, conflictingWork(Infinity, runs), { isolationLevel: 'repeatable read' });
        return { ok: true };
      };
      app.post('/v1/write', alwaysConflicting);
      app.post('/v1/oauth/write', { config: { oauthErrors: true } }, alwaysConflicting);
      await app.ready();
    });
    after(() => app.close());

    it('answers 503 write_conflict problem+json with Retry-After, never a 500', async () => {
      const response = await app.inject({ method: 'POST', url: '/v1/write' });
      const problem = expectProblem(response, 503, 'write_conflict');
      expect(response.headers['retry-after']).to.equal('1');
      expect(JSON.stringify(problem)).not.to.match(/could not serialize|retry_probe|40001/);
    });

    it('answers an OAuth endpoint temporarily_unavailable with Retry-After (RFC 6749 section 5.2)', async () => {
      const response = await app.inject({ method: 'POST', url: '/v1/oauth/write' });
      expectOAuthError(response, 503, 'temporarily_unavailable');
      expect(response.headers['retry-after']).to.equal('1');
    });
  });
});

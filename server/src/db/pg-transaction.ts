import type { Knex } from 'knex';
import type pg from 'pg';
import { retryConcurrencyConflicts } from './transaction-retry.js';

/**
 * A transaction on one of Knex's pooled connections, driven with pg directly: for the hot paths
 * whose statements are fixed, so they can be named prepared statements (parsed and planned once per
 * connection) and skip Knex's query building. Everything else uses Knex transactions.
 * Rolls back and rethrows when `work` fails; the connection goes back to the pool either way (Knex
 * drops one that broke). Like inTransaction (transaction-retry.ts), it runs `work` again on a
 * deadlock or a serialization failure, so `work` must be safe to run again.
 */
export async function inPgTransaction<T>(db: Knex, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return retryConcurrencyConflicts(() => runPgTransaction(db, work));
}

async function runPgTransaction<T>(db: Knex, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = (await db.client.acquireConnection()) as pg.PoolClient;
  try {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await db.client.releaseConnection(client);
  }
}

/** One statement on a pooled connection, as a named prepared statement. */
export async function pgQuery<R extends pg.QueryResultRow>(db: Knex, statement: pg.QueryConfig): Promise<pg.QueryResult<R>> {
  const client = (await db.client.acquireConnection()) as pg.PoolClient;
  try {
    return await client.query<R>(statement);
  } finally {
    await db.client.releaseConnection(client);
  }
}

import pg from 'pg';
import { keepAlive } from './knex.js';

/**
 * Runs `work` while holding a PostgreSQL session advisory lock, on a connection of its own (not
 * one of a pool, which may have a single connection `work` needs): replicas that run the same
 * work at once take turns. Ending the connection releases the lock, however `work` ends.
 */
export async function withSessionLock<T>(databaseUrl: string, key: bigint, applicationName: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: applicationName, ...keepAlive });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key.toString()]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

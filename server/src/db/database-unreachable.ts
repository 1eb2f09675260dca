import pg from 'pg';

/**
 * The database could not be started or reached: an outage, or the machine's set-up (the embedded
 * PostgreSQL cannot run here, its data folder is in use), not a mistake in a setting (ConfigError).
 * The message is one sentence that says what to do; the CLI exits 6 (database_unavailable).
 */
export class DatabaseUnreachable extends Error {
  override name = 'DatabaseUnreachable';
}

/**
 * One connection and query, before anything else uses the database: its failure is a
 * DatabaseUnreachable naming `where` with pg's own reason (Knex would log its retries on stdout,
 * spoiling --json).
 */
export async function reachDatabase(databaseUrl: string, where = describeDatabaseUrl(databaseUrl)): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new DatabaseUnreachable(`Cannot reach ${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** host:port/database of a PostgreSQL URL: enough to recognise it, without the password. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `the database ${url.host}${url.pathname}`;
  } catch {
    return 'the database of the given URL';
  }
}

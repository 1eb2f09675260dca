import path from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { ConfigError, makeConfig } from '../../server/src/config/config.js';
import { loadOrCreateLocalKeyEncryptionKey } from '../../server/src/config/local-secrets.js';
import { findRunningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/src/db/embedded-postgres.js';
import { createKnex } from '../../server/src/db/knex.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { DatabaseUnavailable, UsageError } from './errors.js';

export interface DatabaseLocation {
  /** A PostgreSQL URL (flag or DATABASE_URL); wins over dataDir. */
  databaseUrl?: string | undefined;
  /** The data folder of an embedded PostgreSQL. */
  dataDir?: string | undefined;
}

export interface ServerDatabase {
  db: Knex;
  kind: 'external' | 'embedded';
  /** Where the database is, for messages: never contains a password. */
  where: string;
  /** Migrations applied on opening (all of them on a fresh database). */
  appliedMigrations: string[];
  /**
   * The key that encrypts signing keys, as the server finds it: ACCTL_KEY_ENCRYPTION_KEY, or for
   * the embedded database `<data-dir>/secrets.json` (created on first use, as `server start` does).
   */
  keyEncryptionKey(env?: NodeJS.ProcessEnv): Promise<string>;
  close(): Promise<void>;
}

/**
 * Opens the server's database for an admin command and brings its schema up to date, so every
 * command works on a fresh data folder. Without a URL it uses the embedded PostgreSQL of the data
 * folder: the one a running `acctl server start` holds, or one started now and stopped by close().
 */
export async function openServerDatabase(location: DatabaseLocation, say: (line: string) => void = () => {}): Promise<ServerDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl: string;
  let where: string;
  const dataDir = location.dataDir === undefined ? undefined : path.resolve(location.dataDir);
  if (location.databaseUrl) {
    // The pattern config.ts validates: anything else is a mistake in the setting, not an outage.
    if (!/^postgres(ql)?:\/\//.test(location.databaseUrl)) throw new ConfigError('The database URL (--database-url or DATABASE_URL) must start with postgres:// or postgresql://');
    databaseUrl = location.databaseUrl;
    where = describeDatabaseUrl(databaseUrl);
  } else if (dataDir) {
    where = `the embedded PostgreSQL in ${dataDir}`;
    const running = await findRunningEmbeddedPostgres(dataDir);
    if (running) {
      say(`Using the embedded PostgreSQL of the server running on ${dataDir}`);
      databaseUrl = running.databaseUrl;
    } else {
      say(`Starting the embedded PostgreSQL in ${dataDir}`);
      embedded = await startEmbeddedPostgres(dataDir).catch((error: unknown) => {
        throw new DatabaseUnavailable(error instanceof Error ? error.message : String(error), error);
      });
      databaseUrl = embedded.databaseUrl;
    }
  } else {
    throw new UsageError('No database given', ['Give --database-url (or DATABASE_URL), or --data-dir for the embedded database']);
  }

  try {
    await probe(databaseUrl);
  } catch (error) {
    if (embedded) await embedded.stop();
    throw new DatabaseUnavailable(`Cannot reach ${where}: ${error instanceof Error ? error.message : String(error)}`, error);
  }
  const db = createKnex(databaseUrl, 2);
  const close = async (): Promise<void> => {
    await db.destroy();
    if (embedded) await embedded.stop();
  };
  try {
    const appliedMigrations = await migrateToLatest(db);
    if (appliedMigrations.length > 0) say(`Applied ${appliedMigrations.length} migration(s)`);
    const kind = location.databaseUrl ? 'external' : 'embedded';
    const keyEncryptionKey = async (env: NodeJS.ProcessEnv = process.env): Promise<string> => {
      const key = env.ACCTL_KEY_ENCRYPTION_KEY || (kind === 'embedded' && dataDir ? await loadOrCreateLocalKeyEncryptionKey(dataDir) : undefined);
      if (!key) throw new ConfigError('ACCTL_KEY_ENCRYPTION_KEY is required with a database URL: the key the servers use (32 random bytes in base64)');
      // The server's own validation, with the same messages as at start.
      makeConfig({ databaseUrl, keyEncryptionKey: key });
      return key;
    };
    return { db, kind, where, appliedMigrations, keyEncryptionKey, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Runs `work` on the opened database and always closes it (stopping an embedded PostgreSQL it started). */
export async function withServerDatabase<T>(location: DatabaseLocation, say: (line: string) => void, work: (database: ServerDatabase) => Promise<T>): Promise<T> {
  const database = await openServerDatabase(location, say);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** One connection and query, with pg's own error (Knex would log its retries on stdout, spoiling --json). */
async function probe(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
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

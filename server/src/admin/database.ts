import path from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { ConfigError, makeConfig } from '../config/config.js';
import { loadOrCreateLocalKeyEncryptionKey } from '../config/local-secrets.js';
import { findRunningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.js';
import { createKnex } from '../db/knex.js';
import { migrateToLatest } from '../db/migrate.js';

/** Where the server's database is: a PostgreSQL URL, or the data folder of an embedded PostgreSQL. */
export type DatabaseLocation = { databaseUrl: string } | { dataDir: string };

export interface AdminDatabase {
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

/** The database could not be started or reached: an outage, not a mistake in the setting (ConfigError). */
export class DatabaseUnreachable extends Error {
  override name = 'DatabaseUnreachable';
}

/**
 * Opens the server's database for administration from outside a running server and brings its
 * schema up to date, so every `acctl server ...` command works on a fresh data folder. A data folder
 * means its embedded PostgreSQL: the one a running `acctl server start` holds, or one started now
 * and stopped by close().
 */
export async function openAdminDatabase(location: DatabaseLocation, say: (line: string) => void = () => {}): Promise<AdminDatabase> {
  const dataDir = 'dataDir' in location ? path.resolve(location.dataDir) : undefined;
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl: string;
  let where: string;
  if (dataDir === undefined) {
    databaseUrl = (location as { databaseUrl: string }).databaseUrl;
    // The pattern config.ts validates: anything else is a mistake in the setting, not an outage.
    if (!/^postgres(ql)?:\/\//.test(databaseUrl))
      throw new ConfigError('The database URL (--database-url or DATABASE_URL) must start with postgres:// or postgresql://');
    where = describeDatabaseUrl(databaseUrl);
  } else {
    where = `the embedded PostgreSQL in ${dataDir}`;
    const running = await findRunningEmbeddedPostgres(dataDir);
    if (running) {
      say(`Using the embedded PostgreSQL of the server running on ${dataDir}`);
      databaseUrl = running.databaseUrl;
    } else {
      say(`Starting the embedded PostgreSQL in ${dataDir}`);
      embedded = await startEmbeddedPostgres(dataDir).catch((error: unknown) => {
        throw new DatabaseUnreachable(error instanceof Error ? error.message : String(error), { cause: error });
      });
      databaseUrl = embedded.databaseUrl;
    }
  }

  try {
    await probe(databaseUrl);
  } catch (error) {
    if (embedded) await embedded.stop();
    throw new DatabaseUnreachable(`Cannot reach ${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const db = createKnex(databaseUrl, 2);
  const close = async (): Promise<void> => {
    await db.destroy();
    if (embedded) await embedded.stop();
  };
  try {
    const appliedMigrations = await migrateToLatest(db);
    if (appliedMigrations.length > 0) say(`Applied ${appliedMigrations.length} migration(s)`);
    const kind = dataDir === undefined ? 'external' : 'embedded';
    const keyEncryptionKey = async (env: NodeJS.ProcessEnv = process.env): Promise<string> => {
      const key = env.ACCTL_KEY_ENCRYPTION_KEY || (dataDir !== undefined ? await loadOrCreateLocalKeyEncryptionKey(dataDir) : undefined);
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
function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `the database ${url.host}${url.pathname}`;
  } catch {
    return 'the database of the given URL';
  }
}

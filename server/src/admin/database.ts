import path from 'node:path';
import type { Knex } from 'knex';
import { ConfigError, configFromEnv, makeConfig } from '../config/config.js';
import { configurationOptions } from '../config/options.js';
import { setPasswordHashCost } from '../security/passwords.js';
import { loadOrCreateLocalKeyEncryptionKey } from '../config/local-secrets.js';
import { DatabaseUnreachable, describeDatabaseUrl, reachDatabase } from '../db/database-unreachable.js';
import { embeddedDatabaseExists, findRunningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.js';
import { createKnex } from '../db/knex.js';
import { migrateToLatest } from '../db/migrate.js';
import { openAuditLog, type AuditLog } from '../domains/audit/index.js';
import { webhookOutbox } from '../domains/webhooks/index.js';

/** Where the server's database is: a PostgreSQL URL, or the data folder of an embedded PostgreSQL. */
export type DatabaseLocation = { databaseUrl: string } | { dataDir: string };

export interface AdminDatabase {
  db: Knex;
  /**
   * The audit log the administrative transactions record through, built here with its subscriber
   * (the webhook outbox), as app.ts builds the server's: webhooks hear of changes made by
   * `acctl server ...` as of those made through the API, in a process that never builds the app.
   */
  auditLog: AuditLog;
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

export { DatabaseUnreachable };

/** Whether `dataDir` holds the embedded database of a server (`acctl server start --data-dir`): admin commands open only such a folder. */
export function hasEmbeddedDatabase(dataDir: string): Promise<boolean> {
  return embeddedDatabaseExists(dataDir);
}

/**
 * Opens the server's database for administration from outside a running server and brings its
 * schema up to date. A data folder means the embedded PostgreSQL a server made there: the one a
 * running `acctl server start` holds, or that one started now and stopped by close(). A folder
 * without one is refused, never initialised: an admin command creates no database by accident.
 */
export async function openAdminDatabase(location: DatabaseLocation, say: (line: string) => void = () => {}): Promise<AdminDatabase> {
  const dataDir = 'dataDir' in location ? path.resolve(location.dataDir) : undefined;
  // `acctl server user create` and set-password hash as the server would (ACCTL_PASSWORD_HASH_COST).
  setPasswordHashCost(configFromEnv(process.env).passwordHashCost ?? configurationOptions.passwordHashCost.default);
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
      embedded = await startEmbeddedPostgres(dataDir, { create: false, say }).catch((error: unknown) => {
        throw error instanceof DatabaseUnreachable ? error : new DatabaseUnreachable(error instanceof Error ? error.message : String(error), { cause: error });
      });
      databaseUrl = embedded.databaseUrl;
    }
  }

  try {
    await reachDatabase(databaseUrl, where);
  } catch (error) {
    if (embedded) await embedded.stop();
    throw error;
  }
  const db = createKnex(databaseUrl, 2);
  const auditLog = openAuditLog(db, { subscribers: [webhookOutbox] });
  const close = async (): Promise<void> => {
    await auditLog.idle();
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
    return { db, auditLog, kind, where, appliedMigrations, keyEncryptionKey, close };
  } catch (error) {
    await close();
    throw error;
  }
}

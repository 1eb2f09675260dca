import path from 'node:path';
import { DatabaseUnreachable, hasEmbeddedDatabase, openAdminDatabase, type AdminDatabase, type DatabaseLocation } from '../admin/index.js';
import { DatabaseUnavailable, UsageError } from '../../../kit/src/index.js';
import { serverStartDefaults } from './flags.js';

export interface DatabaseFlags {
  /** A PostgreSQL URL (flag or DATABASE_URL); wins over dataDir. */
  databaseUrl?: string | undefined;
  /** The data folder of an embedded PostgreSQL (flag or ACCTL_DATA_DIR). */
  dataDir?: string | undefined;
  /** Without either, use the embedded database of `server start`'s default data folder (.acctl) if there is one; `server migrate` does not. */
  discover?: boolean;
}

/**
 * Runs `work` on the server's database, opened and brought up to date by the admin facade, and
 * always closes it (stopping an embedded PostgreSQL it started). The database is the one named, or
 * the one `acctl server start` keeps in .acctl: never a new one. Nothing found is a usage error
 * (exit 2), an unreachable database exit code 6 (database_unavailable).
 */
export async function withServerDatabase<T>(flags: DatabaseFlags, say: (line: string) => void, work: (database: AdminDatabase) => Promise<T>): Promise<T> {
  const database = await openAdminDatabase(await locationOf(flags), say).catch((error: unknown) => {
    throw error instanceof DatabaseUnreachable ? new DatabaseUnavailable(error.message, error.cause) : error;
  });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function locationOf(flags: DatabaseFlags): Promise<DatabaseLocation> {
  if (flags.databaseUrl) return { databaseUrl: flags.databaseUrl };
  if (flags.dataDir !== undefined) {
    if (await hasEmbeddedDatabase(flags.dataDir)) return { dataDir: flags.dataDir };
    throw new UsageError(
      `No server database in ${path.resolve(flags.dataDir)}: give the --data-dir of a server (npx acctl server start --data-dir DIR makes one), or --database-url`,
    );
  }
  const fallback = serverStartDefaults.dataDir;
  // openAdminDatabase says which PostgreSQL it uses.
  if (flags.discover !== false && (await hasEmbeddedDatabase(fallback))) return { dataDir: fallback };
  throw new UsageError(
    flags.discover === false
      ? 'No database given: give --database-url (or DATABASE_URL), or --data-dir for an embedded database'
      : `No server database found: give --database-url (or DATABASE_URL), or --data-dir, or run this where npx acctl server start keeps its ${fallback}`,
  );
}

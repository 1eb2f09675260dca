import { DatabaseUnreachable, openAdminDatabase, type AdminDatabase, type DatabaseLocation } from '../../server/src/admin/index.js';
import { DatabaseUnavailable, UsageError } from './errors.js';

export interface DatabaseFlags {
  /** A PostgreSQL URL (flag or DATABASE_URL); wins over dataDir. */
  databaseUrl?: string | undefined;
  /** The data folder of an embedded PostgreSQL. */
  dataDir?: string | undefined;
}

/**
 * Runs `work` on the server's database, opened and brought up to date by the admin facade, and
 * always closes it (stopping an embedded PostgreSQL it started). An unreachable database is exit
 * code 6 (database_unavailable).
 */
export async function withServerDatabase<T>(flags: DatabaseFlags, say: (line: string) => void, work: (database: AdminDatabase) => Promise<T>): Promise<T> {
  const database = await openAdminDatabase(locationOf(flags), say).catch((error: unknown) => {
    throw error instanceof DatabaseUnreachable ? new DatabaseUnavailable(error.message, error.cause) : error;
  });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

function locationOf(flags: DatabaseFlags): DatabaseLocation {
  if (flags.databaseUrl) return { databaseUrl: flags.databaseUrl };
  if (flags.dataDir !== undefined) return { dataDir: flags.dataDir };
  throw new UsageError('No database given', ['Give --database-url (or DATABASE_URL), or --data-dir for the embedded database']);
}

import type { Knex } from 'knex';
import { withSessionLock } from './session-lock.js';
import { migrations } from './migrations/index.js';

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

// Any 64-bit number will do: it only serialises migrations between replicas starting together.
const migrationLock = 7161164539925410150n;

/**
 * Brings the schema up to date. Safe when several replicas start at once, even on an empty
 * database: knex's own lock table does not exist yet then, so a PostgreSQL advisory lock, held on
 * a connection of its own (not one of the pool, which may have a single connection), makes the
 * others wait; they then find nothing left to do.
 */
export async function migrateToLatest(db: Knex): Promise<string[]> {
  return withSessionLock(connectionStringOf(db), migrationLock, 'acctl-migrate', async () => {
    const [, applied] = (await db.migrate.latest({ migrationSource: source })) as [number, string[]];
    return applied;
  });
}

export async function pendingMigrations(db: Knex): Promise<string[]> {
  const [, pending] = (await db.migrate.list({ migrationSource: source })) as [unknown, Array<{ file?: string; name?: string } | string>];
  return pending.map((entry) => (typeof entry === 'string' ? entry : (entry.file ?? entry.name ?? String(entry))));
}

function connectionStringOf(db: Knex): string {
  const connection = (db.client as { config: { connection: { connectionString?: string } | string } }).config.connection;
  const url = typeof connection === 'string' ? connection : connection.connectionString;
  if (!url) throw new Error('migrateToLatest needs a Knex instance made by createKnex (a connection string)');
  return url;
}

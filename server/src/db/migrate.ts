import type { Knex } from 'knex';
import { migrations } from './migrations/index.js';

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

/**
 * Brings the schema up to date. Safe to run from several replicas at once: knex takes a lock in
 * the knex_migrations_lock table and the losers wait, then find nothing left to do.
 */
export async function migrateToLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: source })) as [number, string[]];
  return applied;
}

export async function pendingMigrations(db: Knex): Promise<string[]> {
  const [, pending] = (await db.migrate.list({ migrationSource: source })) as [unknown, Array<{ file?: string } | string>];
  return pending.map((entry) => (typeof entry === 'string' ? entry : (entry.file ?? String(entry))));
}

import { expect } from 'chai';
import { createKnex } from '../../server/src/db/knex.js';
import { migrateToLatest, pendingMigrations } from '../../server/src/db/migrate.js';
import { migrations } from '../../server/src/db/migrations/index.js';
import { emptyDatabase } from '../helpers/database.js';

describe('migrations', () => {
  it('apply every migration once when four replicas start together on an empty database', async () => {
    const url = await emptyDatabase();
    const replicas = [1, 2, 3, 4].map(() => createKnex(url, 1));
    try {
      const applied = await Promise.all(replicas.map((db) => migrateToLatest(db)));
      expect(applied.flat().sort()).to.deep.equal(Object.keys(migrations).sort());
      expect(await pendingMigrations(replicas[0]!)).to.deep.equal([]);
      const rows = await replicas[0]!('knex_migrations').select('name');
      expect(rows.map((row: { name: string }) => row.name).sort()).to.deep.equal(Object.keys(migrations).sort());
    } finally {
      await Promise.all(replicas.map((db) => db.destroy()));
    }
  });

  it('list migration files in the order of their date-and-number names', () => {
    const names = Object.keys(migrations);
    expect(names).to.deep.equal([...names].sort());
  });

  it('can be rolled back to nothing and applied again (every migration has a working down)', async () => {
    const db = createKnex(await emptyDatabase(), 2);
    try {
      await migrateToLatest(db);
      const migrationSource = {
        getMigrations: async () => Object.keys(migrations),
        getMigrationName: (n: string) => n,
        getMigration: async (n: string) => migrations[n]!,
      };
      await db.migrate.rollback({ migrationSource }, true);
      expect(await db.schema.hasTable('policies')).to.equal(false);
      expect(await migrateToLatest(db)).to.have.length(Object.keys(migrations).length);
    } finally {
      await db.destroy();
    }
  });
});

import { Flags } from '@oclif/core';
import { AcctlCommand, style } from '../../../../kit/src/index.js';
import { databaseFlags } from '../flags.js';

export interface MigrationResult {
  /** Migrations applied by this run, oldest first; empty when the schema was up to date. */
  applied: string[];
  database: 'external' | 'embedded';
}

export default class Migrate extends AcctlCommand {
  static override summary = 'Bring the database schema up to date';
  static override description = [
    'Applies the migrations the database has not had yet. Safe to run from several places at once (a lock makes the others wait). `server start` does the same; run it on its own before rolling out new replicas.',
    'Needs a database named explicitly: --database-url (or DATABASE_URL), or --data-dir for an embedded one.',
  ].join('\n');

  static override examples = [
    'DATABASE_URL=postgres://acctl@db.internal:5432/acctl <%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --data-dir .acctl --json',
  ];

  static override flags = {
    'database-url': databaseFlags['database-url'],
    // No default here: migrating a forgotten ./.acctl instead of the intended database helps nobody.
    'data-dir': Flags.string({ env: 'ACCTL_DATA_DIR', helpValue: 'DIR', summary: 'Folder of an embedded PostgreSQL to migrate instead of a database URL.' }),
  };

  public async run(): Promise<MigrationResult> {
    const { flags } = await this.parse(Migrate);
    // Imported here, not at the top: oclif imports every command file to list them (bin/dev.js, the tests).
    const { withServerDatabase } = await import('../database.js');
    const result = await withServerDatabase(
      { databaseUrl: flags['database-url'], dataDir: flags['data-dir'], discover: false },
      this.say,
      async (database) => ({
        applied: database.appliedMigrations,
        database: database.kind,
      }),
    );
    if (result.applied.length === 0) {
      this.log('The database schema is up to date: no migration to apply.');
    } else {
      this.log(`${style.green('Applied')} ${result.applied.length} migration(s):`);
      for (const name of result.applied) this.log(`  ${name}`);
    }
    return result;
  }
}

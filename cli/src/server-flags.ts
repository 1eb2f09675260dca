import { Flags } from '@oclif/core';
import { defaults } from '../../server/src/config/defaults.js';

/** Where the admin commands find the server's database: a URL, or the embedded PostgreSQL of a data folder. */
export const databaseFlags = {
  'database-url': Flags.string({
    env: 'DATABASE_URL',
    helpValue: 'postgres://...',
    summary: 'PostgreSQL URL of the server database; without it, the embedded PostgreSQL of --data-dir is used.',
  }),
  'data-dir': Flags.string({
    env: 'ACCTL_DATA_DIR',
    default: defaults.dataDir,
    helpValue: 'DIR',
    summary: 'Folder of the embedded PostgreSQL (ignored when a database URL is given).',
  }),
};

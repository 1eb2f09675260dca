import type { Knex } from 'knex';
import { createSqlFunction } from '../sql-functions.js';

/**
 * acctl_credential_wait and acctl_credential_failure spare known addresses (migration
 * 20261201_41): the name's lockout and ceiling no longer refuse them, and their failures no
 * longer count towards the ceiling. Same signatures, so the functions are replaced in place.
 */
export async function up(knex: Knex): Promise<void> {
  await createSqlFunction(knex, 'acctl_credential_wait');
  await createSqlFunction(knex, 'acctl_credential_failure');
}

/**
 * Not reversible on its own: the files hold only the current definitions (db/sql-functions.ts).
 * Rolled back past 20261127_03 and _05, the functions go with those migrations' own down.
 */
export async function down(): Promise<void> {}

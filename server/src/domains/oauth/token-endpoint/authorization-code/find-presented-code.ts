import type { Knex } from 'knex';
import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import { hashSecret } from '../../../../security/secrets.js';
import { findAuthorizationCode, type AuthorizationCodeRow } from '../../authorization-codes-repo.js';

/** Codes are stored as SHA-256 only, so the lookup is by the hash of what was presented. */
export async function findPresentedCode(db: Knex, code: string): Promise<AuthorizationCodeRow> {
  const row = await findAuthorizationCode(db, hashSecret(code));
  if (!row) throw new InvalidGrant('The authorization code is not valid');
  return row;
}

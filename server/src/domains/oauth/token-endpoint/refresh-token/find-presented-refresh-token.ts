import type { Knex } from 'knex';
import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import { hashSecret } from '../../../../security/secrets.js';
import { findRefreshToken, type RefreshTokenWithGrant } from '../../grants-repo.js';

/** Refresh tokens are stored as SHA-256 only, so the lookup is by the hash of what was presented. */
export async function findPresentedRefreshToken(db: Knex, refreshToken: string): Promise<RefreshTokenWithGrant> {
  const token = await findRefreshToken(db, hashSecret(refreshToken));
  if (!token) throw new InvalidGrant('The refresh token is not valid');
  return token;
}

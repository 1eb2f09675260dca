import type { Knex } from 'knex';
import { recogniseSecret } from '../../../../../../core/src/index.js';
import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import { hashSecret } from '../../../../security/secrets.js';
import { findRefreshToken, type RefreshTokenWithGrant } from '../../grants-repo.js';

/**
 * Refresh tokens are stored as SHA-256 only, so the lookup is by the hash of what was presented.
 * A value with a prefix of this service that is not a well-formed refresh token (another kind, or
 * a checksum that fails) cannot be one and is refused without a lookup; an unprefixed value may be
 * a refresh token issued before the prefixes, and is looked up.
 */
export async function findPresentedRefreshToken(db: Knex, refreshToken: string): Promise<RefreshTokenWithGrant> {
  const recognised = recogniseSecret(refreshToken);
  if (recognised && (recognised.kind !== 'refresh_token' || !recognised.wellFormed))
    throw new InvalidGrant(recognised.kind === 'refresh_token' ? 'The refresh token is malformed (checksum mismatch)' : 'That is not a refresh token');
  const token = await findRefreshToken(db, hashSecret(refreshToken));
  if (!token) throw new InvalidGrant('The refresh token is not valid');
  return token;
}

import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import type { GrantRow } from '../../grants-repo.js';

/** A revoked family stays revoked; a family ends at its absolute lifetime (oauthLifetimes). */
export function checkGrantUsable(grant: GrantRow, now: Date): void {
  if (grant.revoked_at !== null) throw new InvalidGrant('The refresh token has been revoked');
  if (grant.expires_at.getTime() <= now.getTime()) throw new InvalidGrant('The refresh token has expired; sign in again');
}

import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import type { AuthorizationCodeRow } from '../../authorization-codes-repo.js';

/** RFC 6749 section 4.1.2: codes are short-lived (oauthLifetimes.authorizationCodeSeconds). */
export function checkCodeExpiry(code: AuthorizationCodeRow, now: Date): void {
  if (code.expires_at.getTime() <= now.getTime()) throw new InvalidGrant('The authorization code has expired; start the authorization again');
}

import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import type { AuthorizationCodeRow } from '../../authorization-codes-repo.js';

/** RFC 6749 section 4.1.3: redirect_uri must be identical to the one of the authorization request. */
export function checkCodeRedirectUri(code: AuthorizationCodeRow, redirectUri: string): void {
  if (code.redirect_uri !== redirectUri) throw new InvalidGrant('redirect_uri differs from the one of the authorization request');
}

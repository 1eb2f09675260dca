import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import type { OAuthClientRow } from '../../clients-repo.js';
import type { RefreshTokenWithGrant } from '../../grants-repo.js';

/** RFC 6749 section 6: the refresh token must have been issued to the authenticated client. */
export function checkRefreshTokenClient(token: RefreshTokenWithGrant, client: OAuthClientRow): void {
  if (token.grant.client_id !== client.client_id) throw new InvalidGrant('The refresh token was issued to another client');
}

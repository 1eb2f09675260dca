import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import type { OAuthClientRow } from '../../clients-repo.js';
import type { AuthorizationCodeRow } from '../../authorization-codes-repo.js';

/** RFC 6749 section 4.1.3: the code must have been issued to the authenticated client. */
export function checkCodeClient(code: AuthorizationCodeRow, client: OAuthClientRow): void {
  if (code.client_id !== client.client_id) throw new InvalidGrant('The authorization code was issued to another client');
}

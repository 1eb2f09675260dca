import { UnauthorizedClient } from '../../../errors/oauth-errors.js';
import type { OAuthClientRow } from '../clients-repo.js';

/** RFC 6749 section 4.1.2.1: a client not registered for authorization_code is unauthorized_client. */
export function checkClientGrantType(client: OAuthClientRow): void {
  if (!client.grant_types.includes('authorization_code')) throw new UnauthorizedClient('This application is not registered for the authorization_code grant');
}

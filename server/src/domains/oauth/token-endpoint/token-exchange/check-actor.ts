import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import type { AccessTokenClaims } from '../../access-token.js';
import type { OAuthClientRow } from '../../clients-repo.js';

/**
 * The actor is the requesting client itself: its actor token was issued to it (a token of another
 * client, even a leaked one, does not make this client that actor), and it is the agent's own
 * token, not one it already holds for someone else (an actor acts as itself; the chain grows
 * through the subject token, RFC 8693 section 4.1).
 */
export function checkActor(actor: AccessTokenClaims, client: OAuthClientRow): void {
  if (actor.client_id !== client.client_id) throw new InvalidGrant('The actor_token was not issued to this client');
  if (actor.act) throw new InvalidGrant('The actor_token is itself a delegated token; present the agent’s own token');
}

import type { Knex } from 'knex';
import { InvalidClient } from '../../../errors/oauth-errors.js';
import { secretMatches } from '../../../security/secrets.js';
import { findClient, type OAuthClientRow } from '../clients-repo.js';
import type { PresentedClientCredentials } from './read-client-credentials.js';

/**
 * Confidential clients prove their secret (SHA-256 compared in constant time; an unknown client
 * costs the same). Public clients present no secret and rely on PKCE in the grant.
 */
export async function authenticateClient(db: Knex, presented: PresentedClientCredentials): Promise<OAuthClientRow> {
  const usedBasic = presented.method === 'client_secret_basic';
  const client = await findClient(db, presented.clientId);
  if (client?.client_type === 'public') {
    if (presented.clientSecret !== undefined) throw new InvalidClient('This public client has no secret; do not send one', usedBasic);
    return client;
  }
  const matches = secretMatches(presented.clientSecret ?? '', client?.secret_hash);
  if (!client || presented.clientSecret === undefined || !matches) {
    throw new InvalidClient('Client authentication failed: unknown client or wrong secret', usedBasic);
  }
  return client;
}

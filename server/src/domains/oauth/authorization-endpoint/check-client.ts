import type { Knex } from 'knex';
import { InvalidRequest } from '../../../errors/oauth-errors.js';
import { findClient, type OAuthClientRow } from '../clients-repo.js';
import { UntrustedAuthorizationRequest } from './errors.js';
import { single, type RawParameters } from './read-authorization-parameters.js';

/** RFC 6749 section 4.1.2.1: an unknown or missing client_id is shown to the user, never redirected. */
export async function checkClient(db: Knex, raw: RawParameters): Promise<OAuthClientRow> {
  const clientId = single(raw, 'client_id');
  if (clientId === undefined || clientId === '' || clientId.length > 200) {
    throw new UntrustedAuthorizationRequest(new InvalidRequest('client_id is missing, repeated or too long'));
  }
  const client = await findClient(db, clientId);
  if (!client) throw new UntrustedAuthorizationRequest(new InvalidRequest(`No application is registered with the client_id ${clientId}`));
  return client;
}

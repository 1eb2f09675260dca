import type { Knex } from 'knex';
import { UnauthorizedClient } from '../../../errors/oauth-errors.js';
import type { OAuthClientRow } from '../clients-repo.js';

/**
 * The subject of a client_credentials token: the client itself (RFC 9068 section 2.2), or the
 * agent principal it is bound to (issue #36, docs/oauth.md "Agents"), so decisions and delegation
 * chains see a principal of kind agent with its attributes. An agent that is not active gets no
 * token (unauthorized_client, as Keycloak refuses a disabled service-account user); one disabled
 * after this read is caught where the token is used, by its cut (token_owner_cutoffs, whose
 * cut_at falls after this request's `now`). Only agent-bound clients pay the round trip.
 */
export async function clientCredentialsSubject(db: Knex, client: OAuthClientRow): Promise<string> {
  if (client.agent_principal_id === null) return client.client_id;
  const agent = await db('principals').where({ id: client.agent_principal_id, kind: 'agent', status: 'active' }).first('id');
  if (!agent) throw new UnauthorizedClient('The agent principal this client acts as is disabled or deleted');
  return client.agent_principal_id;
}

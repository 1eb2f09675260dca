import type { Knex } from 'knex';
import type { ClientJwks } from '../../../../core/src/index.js';

export interface OAuthClientRow {
  client_id: string;
  name: string;
  client_type: 'confidential' | 'public';
  secret_hash: string | null;
  /** A person chose the secret (the bootstrap client's): it takes a throttle slot before it is compared. */
  secret_chosen: boolean;
  grant_types: string[];
  redirect_uris: string[];
  allowed_scopes: string[];
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  secret_rotated_at: Date | null;
  /** The policy owners (metadata.managed_by) the client may write; null: not bound (docs/security.md, "Policy ownership"). */
  owners: string[] | null;
  /** private_key_jwt (RFC 7523): the registered public keys, or the URL they are fetched from; both null for a secret. */
  jwks: ClientJwks | null;
  jwks_uri: string | null;
  /** The agent principal whose id this client's client_credentials tokens carry as `sub` (docs/oauth.md, "Agents"); null: the client is its own subject. */
  agent_principal_id: string | null;
}

export type NewOAuthClient = Pick<
  OAuthClientRow,
  'client_id' | 'name' | 'client_type' | 'secret_hash' | 'grant_types' | 'redirect_uris' | 'allowed_scopes' | 'created_by'
> &
  Partial<Pick<OAuthClientRow, 'secret_chosen' | 'owners' | 'jwks' | 'jwks_uri' | 'agent_principal_id'>>;

export async function findClient(db: Knex, clientId: string): Promise<OAuthClientRow | undefined> {
  return db<OAuthClientRow>('oauth_clients').where({ client_id: clientId }).first();
}

export async function listClients(db: Knex): Promise<OAuthClientRow[]> {
  return db<OAuthClientRow>('oauth_clients').orderBy('created_at', 'asc').select('*');
}

export async function insertClient(db: Knex, client: NewOAuthClient): Promise<OAuthClientRow> {
  const [row] = await db('oauth_clients').insert(client).returning('*');
  return row as OAuthClientRow;
}

export async function deleteClient(db: Knex, clientId: string): Promise<boolean> {
  return (await db('oauth_clients').where({ client_id: clientId }).delete()) === 1;
}

export async function updateClientSecret(db: Knex, clientId: string, secretHash: string, now: Date): Promise<boolean> {
  const updated = await db('oauth_clients')
    .where({ client_id: clientId })
    .update({ secret_hash: secretHash, secret_chosen: false, secret_rotated_at: now, updated_at: now });
  return updated === 1;
}

/**
 * The owner bindings of these clients, those that have one: a caller acting as several (a user
 * through a client, an API token a client made) is held to each. Read in the writer's
 * transaction, so a binding holds from the commit that sets it.
 */
export async function ownerBindingsOf(db: Knex, clientIds: readonly string[]): Promise<string[][]> {
  if (clientIds.length === 0) return [];
  const rows = await db<OAuthClientRow>('oauth_clients')
    .whereIn('client_id', [...clientIds])
    .whereNotNull('owners')
    .select('owners');
  return rows.map((row) => row.owners!);
}

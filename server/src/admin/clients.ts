import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  generateSecret,
  isMalformedSecret,
  secretPrefixes,
  type ClientJwks,
  type ClientRegistration,
  type RegistrableGrantType,
} from '../../../core/src/index.js';
import { ConfigError } from '../config/config-error.js';
import { inTransaction } from '../db/transaction-retry.js';
import {
  summarizeClient,
  type ClientSummary,
  deleteClientRow,
  findClient,
  insertClient,
  listClientRows,
  updateClientSecret,
  oauthClientEvent,
} from '../domains/oauth/index.js';
import type { AuditedDatabase } from '../domains/audit/index.js';
import type { ChangeContext } from '../events/types.js';
import { hashSecret } from '../security/secrets.js';

export type { ClientSummary };

/** A client to register, as core's checkClientRegistration answers it, with who registers it. */
export interface NewClient extends Omit<ClientRegistration, 'owners' | 'jwks' | 'jwksUri' | 'agent'> {
  /** Absent or null: not bound to owners. */
  owners?: string[] | null;
  /** private_key_jwt's public keys (core's checkClientJwks), or where they are fetched; absent: a secret. */
  jwks?: ClientJwks | null;
  jwksUri?: string | null;
  /** The agent principal (its id, or the name of a live agent) whose id the client's client_credentials tokens carry as `sub`. */
  agent?: string | null;
  /** For created_by: the dashboard writes `user:<id>`, the CLI and bootstrap their actor. */
  createdBy: string;
  /** Bootstrap names its client; any other gets a random UUID. */
  clientId?: string;
  /** Bootstrap's comes from the environment; any other confidential client gets a generated one. */
  secret?: string;
}

export interface RegisteredClient {
  client: ClientSummary;
  /** In clear this once: only its SHA-256 is stored. Null for a public client and a private_key_jwt one. */
  secret: string | null;
}

/** The agent a client was to act as is unknown, deleted, disabled, or a principal of another kind. */
export class ClientAgentRefused extends Error {
  override name = 'ClientAgentRefused';
}

/**
 * The agent principal a client is bound to, read in the registering transaction and locked FOR
 * SHARE (a disable or delete running at the same moment waits, or the registration sees its
 * outcome). Looked up by id or by name among live principals (names are unique per kind), so
 * naming a user or a service is refused saying what it is.
 */
async function agentPrincipalId(trx: Knex.Transaction, nameOrId: string): Promise<string> {
  const row = await trx<{ id: string; kind: string; status: string }>('principals')
    // Names compare as the principals' unique index does (NFC, case aside: principals/service.ts).
    .where((q) => q.where({ id: nameOrId }).orWhereRaw('lower(normalize(name, NFC)) = lower(normalize(?, NFC))', [nameOrId]))
    .whereNot('status', 'deleted')
    // An id first, then an agent of that name: another kind's is found only to say why it is refused.
    .orderByRaw("(id = ?) DESC, (kind = 'agent') DESC", [nameOrId])
    .forShare()
    .first('id', 'kind', 'status');
  if (!row) throw new ClientAgentRefused(`No agent principal has the id or name ${JSON.stringify(nameOrId)}`);
  if (row.kind !== 'agent') throw new ClientAgentRefused(`Principal ${row.id} is a ${row.kind}, not an agent: a client acts only as a principal of kind agent`);
  if (row.status !== 'active') throw new ClientAgentRefused(`The agent principal ${row.id} is ${row.status}: enable it first`);
  return row.id;
}

export type SecretRotation =
  { rotated: true; client: ClientSummary; secret: string } | { rotated: false; reason: 'no_such_client' | 'public_client' | 'private_key_jwt_client' };

/** Oldest first, never with a secret or its hash. */
export async function listClients(db: Knex): Promise<ClientSummary[]> {
  return (await listClientRows(db)).map(summarizeClient);
}

/** An agent a client may be registered to act as (the dashboard's "Acts as agent" list). */
export interface AgentChoice {
  id: string;
  name: string;
}

/** The live, active agent principals by name, at most `limit` (a form lists a few, the CLI takes any by name). */
export async function listAgentChoices(db: Knex, limit = 500): Promise<AgentChoice[]> {
  return db('principals').where({ kind: 'agent', status: 'active' }).orderByRaw('lower(name), id').limit(limit).select('id', 'name');
}

/** What stops working with a client's credentials: shown before it is deleted or its secret rotated. */
export interface ClientDependents {
  client: ClientSummary;
  /** Live API tokens the client made (they act as it, and end with it). */
  apiTokens: number;
  /** Live grants of users who signed in through it (their refresh tokens end with it). */
  userGrants: number;
}

export async function clientDependents(db: Knex, clientId: string, now: Date): Promise<ClientDependents | undefined> {
  const row = await findClient(db, clientId);
  if (!row) return undefined;
  const live = (query: Knex.QueryBuilder) => query.whereNull('revoked_at').andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', now));
  const [tokens, grants] = await Promise.all([
    live(db('api_tokens').where({ subject: clientId })).count<Array<{ count: string }>>({ count: '*' }),
    live(db('oauth_grants').where({ client_id: clientId })).count<Array<{ count: string }>>({ count: '*' }),
  ]);
  return { client: summarizeClient(row), apiTokens: Number(tokens[0]?.count ?? 0), userGrants: Number(grants[0]?.count ?? 0) };
}

/** Registers an OAuth client, in one transaction with its client.created event. */
export async function registerClient({ db, auditLog }: AuditedDatabase, context: ChangeContext, client: NewClient): Promise<RegisteredClient> {
  // Chosen before the transaction, so a run again after a conflict registers the same client.
  const clientId = client.clientId ?? randomUUID();
  // RFC 7591 section 2: one token_endpoint_auth_method per client; a client with keys gets no secret.
  const hasKeys = Boolean(client.jwks ?? client.jwksUri);
  const secret = client.clientType === 'confidential' && !hasKeys ? (client.secret ?? generateSecret('client_secret')) : null;
  const row = await inTransaction(db, async (trx) => {
    const agentId = client.agent ? await agentPrincipalId(trx, client.agent) : null;
    const inserted = await insertClient(trx, {
      client_id: clientId,
      name: client.name,
      client_type: client.clientType,
      secret_hash: secret === null ? null : hashSecret(secret),
      secret_chosen: secret !== null && client.secret !== undefined,
      grant_types: client.grantTypes,
      redirect_uris: client.redirectUris,
      allowed_scopes: client.scopes,
      // Binding to owners grants power over policies; only administrators reach this function
      // (the dashboard's is_admin users, `acctl server client create` with the database's keys).
      owners: client.owners ?? null,
      jwks: client.jwks ?? null,
      jwks_uri: client.jwksUri ?? null,
      agent_principal_id: agentId,
      created_by: client.createdBy,
    });
    await auditLog.append(trx, [oauthClientEvent(context, 'client.created', null, inserted)]);
    return inserted;
  });
  return { client: summarizeClient(row), secret };
}

/**
 * Gives a confidential client a new generated secret, in one transaction with its
 * client.secret_rotated event; the old secret stops working at once. A public client has none.
 */
export async function rotateClientSecret({ db, auditLog }: AuditedDatabase, context: ChangeContext, clientId: string): Promise<SecretRotation> {
  const secret = generateSecret('client_secret');
  return inTransaction(db, async (trx): Promise<SecretRotation> => {
    const before = await findClient(trx, clientId);
    if (!before) return { rotated: false, reason: 'no_such_client' };
    if (before.client_type !== 'confidential') return { rotated: false, reason: 'public_client' };
    // Its keys are rotated at its JWK Set; a secret would be a second way in (RFC 7591 section 2).
    if (before.jwks !== null || before.jwks_uri !== null) return { rotated: false, reason: 'private_key_jwt_client' };
    if (!(await updateClientSecret(trx, clientId, hashSecret(secret), context.now))) return { rotated: false, reason: 'no_such_client' };
    const after = (await findClient(trx, clientId))!;
    await auditLog.append(trx, [oauthClientEvent(context, 'client.secret_rotated', before, after)]);
    return { rotated: true, client: summarizeClient(after), secret };
  });
}

/** Deletes a client, in one transaction with its client.deleted event; false when there was none. */
export async function deleteClient({ db, auditLog }: AuditedDatabase, context: ChangeContext, clientId: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await findClient(trx, clientId);
    if (!before || !(await deleteClientRow(trx, clientId))) return false;
    await auditLog.append(trx, [oauthClientEvent(context, 'client.deleted', before, null)]);
    return true;
  });
}

/**
 * Makes sure a confidential client with this id and secret exists and may use these grant types
 * and scopes, added to those it has (bootstrap: the environment is the source). Idempotent, and
 * safe when several replicas start at once. The catalog has no client.updated: a new secret is
 * recorded as client.secret_rotated, a widening alone by no event.
 */
export async function ensureClient(
  { db, auditLog }: AuditedDatabase,
  context: ChangeContext,
  wanted: { clientId: string; name: string; secret: string; grantTypes: RegistrableGrantType[]; scopes: string[] },
): Promise<'created' | 'updated' | 'unchanged'> {
  // The token endpoint refuses a secret with this prefix and a failing checksum before it looks
  // the client up (authenticate-client.ts), so such a chosen secret could never be used.
  if (isMalformedSecret(wanted.secret, 'client_secret'))
    throw new ConfigError(
      `ACCTL_BOOTSTRAP_CLIENT_SECRET starts with ${secretPrefixes.client_secret}, the prefix of generated client secrets, but is not one (its checksum fails): choose a secret without that prefix, or use a generated one whole`,
    );
  const existing = await findClient(db, wanted.clientId);
  if (!existing) {
    const client: NewClient = { ...wanted, clientType: 'confidential', redirectUris: [], createdBy: context.actor.subject };
    return registerClient({ db, auditLog }, context, client).then(
      () => 'created' as const,
      (error: { code?: string }) => {
        // 23505 unique_violation: another replica created it at the same moment.
        if (error.code !== '23505') throw error;
        return 'unchanged' as const;
      },
    );
  }
  const secretHash = hashSecret(wanted.secret);
  const secretChanged = existing.secret_hash !== secretHash;
  const lacking = (have: string[], want: string[]): boolean => want.some((value) => !have.includes(value));
  if (!secretChanged && existing.secret_chosen && !lacking(existing.grant_types, wanted.grantTypes) && !lacking(existing.allowed_scopes, wanted.scopes))
    return 'unchanged';
  await inTransaction(db, async (trx) => {
    await trx('oauth_clients')
      .where({ client_id: wanted.clientId })
      .update({
        secret_hash: secretHash,
        secret_chosen: true,
        client_type: 'confidential',
        allowed_scopes: [...new Set([...existing.allowed_scopes, ...wanted.scopes])],
        grant_types: [...new Set([...existing.grant_types, ...wanted.grantTypes])],
        ...(secretChanged ? { secret_rotated_at: context.now } : {}),
        updated_at: context.now,
      });
    if (secretChanged) await auditLog.append(trx, [oauthClientEvent(context, 'client.secret_rotated', existing, (await findClient(trx, wanted.clientId))!)]);
  });
  return 'updated';
}

import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction-retry.js';
import { oauthClientEvent } from '../../events/oauth-client-events.js';
import { recordEvents } from '../../events/record.js';
import type { ChangeContext } from '../../events/types.js';
import { deleteClient, findClient, insertClient, updateClientSecret, type NewOAuthClient, type OAuthClientRow } from './clients-repo.js';

/**
 * Changes to OAuth clients, each in one transaction with its client.* event (the dashboard makes
 * them; `acctl server client` commands make the same ones on the database directly).
 */

export async function createClientRecorded(db: Knex, context: ChangeContext, client: NewOAuthClient): Promise<OAuthClientRow> {
  return inTransaction(db, async (trx) => {
    const row = await insertClient(trx, client);
    await recordEvents(trx, [oauthClientEvent(context, 'client.created', null, row)]);
    return row;
  });
}

/** The client as it was before, or undefined when no confidential client has that id (nothing changes). */
export async function rotateClientSecretRecorded(db: Knex, context: ChangeContext, clientId: string, secretHash: string): Promise<OAuthClientRow | undefined> {
  return inTransaction(db, async (trx) => {
    const before = await findClient(trx, clientId);
    if (!before || before.client_type !== 'confidential') return undefined;
    if (!(await updateClientSecret(trx, clientId, secretHash, context.now))) return undefined;
    await recordEvents(trx, [oauthClientEvent(context, 'client.secret_rotated', before, (await findClient(trx, clientId))!)]);
    return before;
  });
}

/** False when there was no such client (nothing changes). */
export async function deleteClientRecorded(db: Knex, context: ChangeContext, clientId: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await findClient(trx, clientId);
    if (!before || !(await deleteClient(trx, clientId))) return false;
    await recordEvents(trx, [oauthClientEvent(context, 'client.deleted', before, null)]);
    return true;
  });
}

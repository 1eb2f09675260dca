import type { Knex } from 'knex';
import type { BootstrapConfig } from './config/config.js';
import { findClient, insertClient } from './domains/oauth/clients-repo.js';
import { toPrincipal, type PrincipalRow } from './domains/principals/service.js';
import { createUser, ensureUserPassword, findUserByName } from './domains/principals/users.js';
import { systemContext } from './events/context.js';
import { changeEvent } from './events/event.js';
import { oauthClientEvent } from './events/oauth-client-events.js';
import { recordEvents } from './events/record.js';
import { hashSecret } from './security/secrets.js';

const bootstrapActor = 'system:bootstrap';

/**
 * For unattended starts: ACCTL_BOOTSTRAP_CLIENT_ID/SECRET make sure a confidential
 * client_credentials client with admin:all exists (its secret follows the environment), and
 * ACCTL_BOOTSTRAP_ADMIN_USERNAME/PASSWORD a human admin. Idempotent: safe on every replica's start.
 */
export async function applyBootstrap(db: Knex, bootstrap: BootstrapConfig): Promise<string[]> {
  const done: string[] = [];
  // Changes made here are audited like any other (actor system:bootstrap), in their own transactions.
  const context = systemContext(bootstrapActor);
  if (bootstrap.clientId && bootstrap.clientSecret) {
    const existing = await findClient(db, bootstrap.clientId);
    const secretHash = hashSecret(bootstrap.clientSecret);
    if (!existing) {
      const created = await db
        .transaction(async (trx) => {
          const row = await insertClient(trx, {
            client_id: bootstrap.clientId!,
            name: 'Bootstrap admin client',
            client_type: 'confidential',
            secret_hash: secretHash,
            grant_types: ['client_credentials'],
            redirect_uris: [],
            allowed_scopes: ['admin:all'],
            created_by: bootstrapActor,
          });
          await recordEvents(trx, [oauthClientEvent(context, 'client.created', null, row)]);
          return true;
        })
        .catch(async (error: { code?: string }) => {
          // Another replica created it at the same moment.
          if (error.code !== '23505') throw error;
          return false;
        });
      if (created) done.push(`created client ${bootstrap.clientId}`);
    } else if (existing.secret_hash !== secretHash || !existing.allowed_scopes.includes('admin:all') || !existing.grant_types.includes('client_credentials')) {
      await db.transaction(async (trx) => {
        await trx('oauth_clients')
          .where({ client_id: bootstrap.clientId })
          .update({
            secret_hash: secretHash,
            client_type: 'confidential',
            allowed_scopes: [...new Set([...existing.allowed_scopes, 'admin:all'])],
            grant_types: [...new Set([...existing.grant_types, 'client_credentials'])],
            ...(existing.secret_hash !== secretHash ? { secret_rotated_at: context.now } : {}),
            updated_at: context.now,
          });
        // The catalog has no client.updated: a new secret is the change bootstrap makes.
        if (existing.secret_hash !== secretHash) await recordEvents(trx, [oauthClientEvent(context, 'client.secret_rotated', existing, (await findClient(trx, existing.client_id))!)]);
      });
      done.push(`updated client ${bootstrap.clientId}`);
    }
  }
  if (bootstrap.adminUsername && bootstrap.adminPassword) {
    const user = await findUserByName(db, bootstrap.adminUsername);
    if (!user) {
      await db.transaction(async (trx) => {
        const created = await createUser(trx, { username: bootstrap.adminUsername!, password: bootstrap.adminPassword!, admin: true, createdBy: bootstrapActor });
        const row = await trx<PrincipalRow>('principals').where({ id: created.id }).first();
        await recordEvents(trx, [changeEvent(context, 'principal.created', { type: 'principal', id: created.id }, { before: null, after: toPrincipal(row!) })]);
      });
      done.push(`created admin user ${bootstrap.adminUsername}`);
    } else {
      await db.transaction(async (trx) => {
        const before = await trx<PrincipalRow>('principals').where({ id: user.id }).forUpdate().first();
        if (!(await ensureUserPassword(trx, user.id, user.password_hash, bootstrap.adminPassword!))) return;
        const after = await trx<PrincipalRow>('principals').where({ id: user.id }).first();
        await recordEvents(trx, [changeEvent(context, 'principal.updated', { type: 'principal', id: user.id }, { before: toPrincipal(before!), after: toPrincipal(after!) }, { password_changed: true })]);
        done.push(`updated the password of ${bootstrap.adminUsername}`);
      });
    }
  }
  return done;
}

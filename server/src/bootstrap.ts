import type { Knex } from 'knex';
import type { BootstrapConfig } from './config/config.js';
import { findClient, insertClient } from './domains/oauth/clients-repo.js';
import { createUser, ensureUserPassword, findUserByName } from './domains/principals/users.js';
import { hashSecret } from './security/secrets.js';

const bootstrapActor = 'system:bootstrap';

/**
 * For unattended starts: ACCTL_BOOTSTRAP_CLIENT_ID/SECRET make sure a confidential
 * client_credentials client with admin:all exists (its secret follows the environment), and
 * ACCTL_BOOTSTRAP_ADMIN_USERNAME/PASSWORD a human admin. Idempotent: safe on every replica's start.
 */
export async function applyBootstrap(db: Knex, bootstrap: BootstrapConfig): Promise<string[]> {
  const done: string[] = [];
  if (bootstrap.clientId && bootstrap.clientSecret) {
    const existing = await findClient(db, bootstrap.clientId);
    const secretHash = hashSecret(bootstrap.clientSecret);
    if (!existing) {
      await insertClient(db, {
        client_id: bootstrap.clientId,
        name: 'Bootstrap admin client',
        client_type: 'confidential',
        secret_hash: secretHash,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        allowed_scopes: ['admin:all'],
        created_by: bootstrapActor,
      }).catch(async (error: { code?: string }) => {
        // Another replica created it at the same moment.
        if (error.code !== '23505') throw error;
      });
      done.push(`created client ${bootstrap.clientId}`);
    } else if (existing.secret_hash !== secretHash || !existing.allowed_scopes.includes('admin:all') || !existing.grant_types.includes('client_credentials')) {
      await db('oauth_clients')
        .where({ client_id: bootstrap.clientId })
        .update({
          secret_hash: secretHash,
          client_type: 'confidential',
          allowed_scopes: [...new Set([...existing.allowed_scopes, 'admin:all'])],
          grant_types: [...new Set([...existing.grant_types, 'client_credentials'])],
          updated_at: db.fn.now(),
        });
      done.push(`updated client ${bootstrap.clientId}`);
    }
  }
  if (bootstrap.adminUsername && bootstrap.adminPassword) {
    const user = await findUserByName(db, bootstrap.adminUsername);
    if (!user) {
      await createUser(db, { username: bootstrap.adminUsername, password: bootstrap.adminPassword, admin: true, createdBy: bootstrapActor });
      done.push(`created admin user ${bootstrap.adminUsername}`);
    } else if (await ensureUserPassword(db, user.id, user.password_hash, bootstrap.adminPassword)) {
      done.push(`updated the password of ${bootstrap.adminUsername}`);
    }
  }
  return done;
}

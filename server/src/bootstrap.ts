import type { AuditedDatabase } from './domains/audit/index.js';
import { ensureClient, ensureUser, systemContext } from './admin/index.js';
import type { BootstrapConfig } from './config/config.js';

/**
 * For unattended starts: ACCTL_BOOTSTRAP_CLIENT_ID/SECRET make sure a confidential
 * client_credentials client with admin:all exists (its secret follows the environment), and
 * ACCTL_BOOTSTRAP_ADMIN_USERNAME/PASSWORD a human admin. Idempotent: safe on every replica's start.
 */
export async function applyBootstrap({ db, auditLog }: AuditedDatabase, bootstrap: BootstrapConfig): Promise<string[]> {
  const done: string[] = [];
  // Changes made here are audited like any other (actor system:bootstrap), in their own transactions.
  const context = systemContext('system:bootstrap');
  if (bootstrap.clientId && bootstrap.clientSecret) {
    const client = await ensureClient({ db, auditLog }, context, {
      clientId: bootstrap.clientId,
      name: 'Bootstrap admin client',
      secret: bootstrap.clientSecret,
      grantTypes: ['client_credentials'],
      scopes: ['admin:all'],
    });
    if (client === 'created') done.push(`created client ${bootstrap.clientId}`);
    if (client === 'updated') done.push(`updated client ${bootstrap.clientId}`);
  }
  if (bootstrap.adminUsername && bootstrap.adminPassword) {
    const user = await ensureUser({ db, auditLog }, context, { username: bootstrap.adminUsername, password: bootstrap.adminPassword, admin: true });
    if (user === 'created') done.push(`created admin user ${bootstrap.adminUsername}`);
    if (user === 'password_changed') done.push(`updated the password of ${bootstrap.adminUsername}`);
  }
  return done;
}

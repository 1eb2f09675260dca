import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import { findActiveUserById } from '../../../principals/users.js';
import { revokeGrant, type GrantRow } from '../../grants-repo.js';
import { isAdminUser, type ConsentingUser } from '../../user-consent-scopes.js';
import type { GrantContext } from '../grant.js';

/** A user who was disabled or deleted since consenting gets no new tokens; the family ends. */
export async function requireActiveUser(context: GrantContext, grant: GrantRow): Promise<ConsentingUser> {
  const user = await findActiveUserById(context.db, grant.principal_id);
  if (!user) {
    await revokeGrant(context.db, grant.id, 'user_inactive', context.now);
    throw new InvalidGrant('The user who granted this refresh token is no longer active');
  }
  return { isAdmin: isAdminUser(user.attributes) };
}

import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import { findActiveUserById } from '../../../principals/index.js';
import type { GrantRow } from '../../grants-repo.js';
import { tokenEndpointContext } from '../../oauth-events.js';
import { revokeGrantRecorded } from '../../revoke-grant.js';
import { isAdminUser, type ConsentingUser } from '../../user-consent-scopes.js';
import type { GrantContext } from '../grant.js';

/** A user who was disabled or deleted since consenting gets no new tokens; the family ends. */
export async function requireActiveUser(context: GrantContext, grant: GrantRow): Promise<ConsentingUser> {
  const user = await findActiveUserById(context.db, grant.principal_id);
  if (!user) {
    await revokeGrantRecorded(context, tokenEndpointContext(context.request, context.now), grant.id, 'user_inactive');
    throw new InvalidGrant('The user who granted this refresh token is no longer active');
  }
  return { isAdmin: isAdminUser(user.attributes) };
}

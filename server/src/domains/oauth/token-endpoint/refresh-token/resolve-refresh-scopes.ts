import { InvalidGrant, InvalidScope } from '../../../../errors/oauth-errors.js';
import { parseScopeString } from '../../../../../../core/src/index.js';
import type { GrantRow } from '../../grants-repo.js';
import { limitScopesToUser, type ConsentingUser } from '../../user-consent-scopes.js';

/**
 * The access token's scopes. RFC 6749 section 6: `scope` may narrow the grant, never widen it
 * (invalid_scope). The grant's scopes are limited again to what the user may grant today, so an
 * admin who loses is_admin stops getting admin scopes at the next refresh, not 30 days later.
 * The refresh token itself keeps the grant's scope (section 6: identical to the one presented).
 */
export function resolveRefreshScopes(requested: string | undefined, grant: GrantRow, user: ConsentingUser): string[] {
  const available = limitScopesToUser(grant.scopes, user).granted;
  if (available.length === 0) throw new InvalidGrant('The user may no longer grant any scope of this refresh token');
  const asked = requested === undefined ? [] : parseScopeString(requested);
  if (asked.length === 0) return available;
  const outside = asked.filter((scope) => !available.includes(scope));
  if (outside.length > 0) throw new InvalidScope(`The refresh token does not cover the scope: ${outside.join(' ')}`);
  return asked;
}

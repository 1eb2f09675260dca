import { InvalidGrant, InvalidScope } from '../../../../errors/oauth-errors.js';
import { grants, isKnownScope, parseScopeString } from '../../../../../../core/src/index.js';

/**
 * The scopes of the exchanged token: at most what the subject token, the actor token and the
 * delegation grant all hold (admin:all holds every scope). Without `scope`, every scope the three
 * share; with it, each asked scope must be shared, else invalid_scope (RFC 6749 section 3.3:
 * refused, never silently dropped).
 */
export function resolveExchangedScopes(requested: string | undefined, holders: ReadonlyArray<readonly string[]>): string[] {
  const heldByAll = (scope: string): boolean => holders.every((held) => grants(held, scope));
  const asked = requested === undefined ? [] : parseScopeString(requested);
  if (asked.length === 0) {
    const shared = [...new Set(holders.flat())].filter(heldByAll);
    if (shared.length === 0) throw new InvalidGrant('The subject token, the actor token and the delegation grant share no scope');
    return shared;
  }
  const unknown = asked.filter((scope) => !isKnownScope(scope));
  if (unknown.length > 0) throw new InvalidScope(`Unknown scope: ${unknown.join(' ')}`);
  const refused = asked.filter((scope) => !heldByAll(scope));
  if (refused.length > 0) throw new InvalidScope(`Not held by the subject token, the actor token and the delegation grant alike: ${refused.join(' ')}`);
  return asked;
}

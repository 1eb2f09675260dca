import { InvalidScope } from '../../errors/oauth-errors.js';
import { grants, isKnownScope, parseScopeString } from '../../../../core/src/index.js';

/**
 * The scopes a token gets. RFC 6749 section 3.3: without `scope` the client's allowed scopes are
 * granted; a scope outside them, or one that does not exist, is refused with invalid_scope
 * (never silently dropped). A client allowed admin:all may ask for any narrower scope.
 */
export function resolveGrantedScopes(requested: string | undefined, allowed: readonly string[]): string[] {
  const asked = requested === undefined ? [] : parseScopeString(requested);
  if (asked.length === 0) return [...allowed];
  const unknown = asked.filter((scope) => !isKnownScope(scope));
  if (unknown.length > 0) throw new InvalidScope(`Unknown scope: ${unknown.join(' ')}`);
  const refused = asked.filter((scope) => !grants(allowed, scope));
  if (refused.length > 0) throw new InvalidScope(`The client is not allowed the scope: ${refused.join(' ')}`);
  return asked;
}

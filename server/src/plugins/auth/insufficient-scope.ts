import { ApiError, type InvalidField } from '../../errors/api-error.js';

export const bearerRealm = 'Bearer realm="acctl"';

/**
 * 403 insufficient_scope with RFC 6750 section 3.1's challenge naming the scope, the one way a
 * missing scope is answered: by the auth step for a route's scope, and by a route for a field
 * that needs a scope of its own (then `fields` names each such field of the request).
 */
export function insufficientScope(scope: string, detail: string, fields?: InvalidField[]): ApiError {
  return new ApiError('insufficient_scope', detail, {
    headers: { 'www-authenticate': `${bearerRealm}, error="insufficient_scope", scope="${scope}"` },
    ...(fields ? { errors: fields } : {}),
  });
}

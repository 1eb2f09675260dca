import { ApiError, type InvalidField } from '../../errors/api-error.js';

export const bearerRealm = 'Bearer realm="acctl"';

/**
 * The challenge of a 401 (RFC 6750 section 3), with RFC 9728 section 5.1's resource_metadata: where
 * a client that has no token, or a refused one, learns which authorization server to ask and for
 * which resource. `error_description` is a quoted-string: its quotes are made apostrophes.
 */
export function bearerChallenge(resourceMetadataUrl: string, error?: { code: string; description: string }): string {
  const metadata = `resource_metadata="${resourceMetadataUrl}"`;
  if (!error) return `${bearerRealm}, ${metadata}`;
  return `${bearerRealm}, error="${error.code}", error_description="${error.description.replace(/["\\]/g, "'")}", ${metadata}`;
}

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

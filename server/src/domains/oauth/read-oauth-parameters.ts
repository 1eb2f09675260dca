import { InvalidRequest } from '../../errors/oauth-errors.js';
import { validatorFor } from '../../../../core/src/index.js';

/**
 * The parameters of a request to an OAuth endpoint (token, revocation, introspection): a JSON
 * object or a form-urlencoded body that matches the endpoint's schema. Anything else is
 * invalid_request (RFC 6749 section 5.2), naming the first parameter at fault; a parameter given
 * twice in a form arrives as an array and fails the schema's `string` type (section 3.2).
 */
export function readOAuthParameters<T>(body: unknown, schemaName: string): T {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new InvalidRequest('Send the request as application/x-www-form-urlencoded or application/json');
  }
  const validate = validatorFor(schemaName);
  if (!validate(body)) {
    const first = validate.errors?.[0];
    const field = first?.keyword === 'required' ? String(first.params.missingProperty) : (first?.instancePath.slice(1) ?? 'body');
    const why =
      first?.keyword === 'required' ? 'is required' : first?.keyword === 'type' ? 'must be given once, as a string' : (first?.message ?? 'is invalid');
    throw new InvalidRequest(`${field} ${why}`);
  }
  return body as T;
}

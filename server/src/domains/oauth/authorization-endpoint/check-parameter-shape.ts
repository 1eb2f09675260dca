import { InvalidRequest } from '../../../errors/oauth-errors.js';
import type { OAuthAuthorizationRequest } from '../../../../../core/src/index.js';
import { validatorFor } from '../../../../../core/src/index.js';
import type { RawParameters } from './read-authorization-parameters.js';

/**
 * schemas/oauth-authorization-request.json: each parameter once (RFC 6749 section 3.1: a repeated
 * one arrives as an array and fails the `string` type), within its length. Unknown parameters
 * are ignored (section 3.1) and left out of what follows.
 */
export function checkParameterShape(raw: RawParameters): OAuthAuthorizationRequest {
  const validate = validatorFor('oauth-authorization-request');
  const known = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'resource'];
  const params = Object.fromEntries(known.filter((name) => Object.hasOwn(raw, name) && raw[name] !== undefined).map((name) => [name, raw[name]]));
  if (!validate(params)) {
    const first = validate.errors?.[0];
    const field = first?.keyword === 'required' ? String(first.params.missingProperty) : (first?.instancePath.slice(1) ?? 'request');
    const why = first?.keyword === 'required' ? 'is required' : first?.keyword === 'type' ? 'must be given once' : (first?.message ?? 'is invalid');
    throw new InvalidRequest(`${field} ${why}`);
  }
  return params as unknown as OAuthAuthorizationRequest;
}

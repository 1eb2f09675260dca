import type { OAuthAuthorizationRequest } from '../../../../../core/src/index.js';
import { resolveRequestedResource } from '../resource-indicators.js';

/**
 * RFC 8707 section 2: the API the tokens of this authorization are for, checked now (a relative,
 * fragment, unknown or repeated resource is invalid_target in the redirect) and remembered with
 * the code; undefined for this server's own API.
 */
export function checkResource(params: OAuthAuthorizationRequest, resources: readonly string[]): string | undefined {
  return resolveRequestedResource(params.resource, resources);
}

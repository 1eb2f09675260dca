import { InvalidRequest } from '../../../errors/oauth-errors.js';
import type { OAuthClientRow } from '../clients-repo.js';
import { matchesRegisteredRedirectUri } from '../../../../../core/src/index.js';
import { UntrustedAuthorizationRequest } from './errors.js';
import { single, type RawParameters } from './read-authorization-parameters.js';

/**
 * The spec requires redirect_uri, and it must match a registered one (redirect-uris.ts: exact,
 * loopback ports aside). Otherwise the error is shown on a page: redirecting to an unregistered
 * URI would hand the user, and later codes, to whoever wrote it.
 */
export function checkRedirectUri(client: OAuthClientRow, raw: RawParameters): string {
  const redirectUri = single(raw, 'redirect_uri');
  if (redirectUri === undefined || redirectUri === '') throw new UntrustedAuthorizationRequest(new InvalidRequest('redirect_uri is missing or repeated'));
  if (!matchesRegisteredRedirectUri(client.redirect_uris, redirectUri)) {
    throw new UntrustedAuthorizationRequest(new InvalidRequest(`The redirect_uri is not registered for the application ${client.name}`));
  }
  return redirectUri;
}

import type { OAuthError } from '../../../errors/oauth-errors.js';

/**
 * Where the browser goes back to the client. RFC 6749 section 4.1.2: `code` (or `error` and
 * `error_description`, section 4.1.2.1) and `state` exactly as received; RFC 9207: `iss`, so a
 * client that uses several authorization servers can tell which one answered (mix-up attacks).
 * The parameters are appended to the redirect URI as it was sent, keeping any query it has
 * (section 3.1.2), without re-encoding it.
 */
export function authorizationResponseUrl(
  redirectUri: string,
  issuer: string,
  result: { code: string } | { error: OAuthError },
  state: string | undefined,
): string {
  const params = new URLSearchParams();
  if ('code' in result) params.append('code', result.code);
  else {
    params.append('error', result.error.error);
    // Section 5.2 limits error_description to printable ASCII without '"' and '\'.
    params.append('error_description', result.error.message.replace(/[^\x20-\x21\x23-\x5B\x5D-\x7E]/g, ' '));
  }
  if (state !== undefined) params.append('state', state);
  params.append('iss', issuer);
  return `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${params.toString()}`;
}

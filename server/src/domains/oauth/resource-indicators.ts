import { InvalidTarget } from '../../errors/oauth-errors.js';

/**
 * RFC 8707 resource indicators: the APIs this server issues access tokens for. This server's own
 * API is one, identified by its public URL, the issuer (so a token asked for without `resource`,
 * whose `aud` has always been the issuer, is a token for this API, as before); then the APIs of
 * config.resources. The first is this server's own: its bearer check accepts that audience only.
 */
export function knownResources(config: { publicUrl: string; resources: readonly string[] }): readonly string[] {
  return [config.publicUrl, ...config.resources.filter((resource) => resource !== config.publicUrl)];
}

/**
 * The audience a token request or an authorization request asks for: undefined without
 * `resource`, else the one known resource it names. Compared as WHATWG URLs (`https://A.example`
 * and `https://a.example/` are one resource), answered as configured, the one form `aud` has.
 * RFC 8707 section 2: a relative URI, one with a fragment, or an unknown one is invalid_target; so
 * is a repeated `resource`: each access token here is for one API (section 2 lets the server
 * refuse a token for several, which a receiving API could replay at the others).
 */
export function resolveRequestedResource(requested: string | readonly string[] | undefined, known: readonly string[]): string | undefined {
  if (requested === undefined) return undefined;
  if (typeof requested !== 'string') throw new InvalidTarget('Ask for one resource per request: each access token is for one API');
  const url = URL.parse(requested);
  if (!url) throw new InvalidTarget('resource must be an absolute URI');
  if (requested.includes('#')) throw new InvalidTarget('resource must not have a fragment');
  const resource = known.find((candidate) => URL.parse(candidate)?.href === url.href);
  if (resource === undefined) throw new InvalidTarget(`resource ${JSON.stringify(requested.slice(0, 200))} is not an API this server issues tokens for`);
  return resource;
}

/**
 * The audience of a token issued under a grant (an authorization code and its refresh tokens):
 * the grant's resource (this server's API when the authorization request named none). A token
 * request may name that resource again, never another (RFC 8707 section 2.2: the token request's
 * resource is one the authorization covers), so a refresh cannot widen the audience.
 */
export function resolveGrantResource(requested: string | readonly string[] | undefined, grantResource: string | null, known: readonly string[]): string {
  const granted = grantResource ?? known[0]!;
  const asked = resolveRequestedResource(requested, known);
  if (asked !== undefined && asked !== granted) throw new InvalidTarget('The grant does not cover this resource: ask for it in a new authorization request');
  return granted;
}

/**
 * Whether a presented redirect URI is one the client registered. RFC 6749 section 3.1.2.3 and
 * RFC 9700 section 4.1.3: simple string comparison, no normalisation (no case folding, no added
 * query, no extra path). One exception, RFC 8252 section 7.3: for a loopback redirect URI (http
 * with the IP literal 127.0.0.1 or [::1]) the port is not compared, so a native app such as the
 * CLI can listen on whatever port the operating system gives it. `localhost` gets no exception
 * (RFC 8252 section 8.3: it may resolve elsewhere).
 */
export function matchesRegisteredRedirectUri(registered: readonly string[], presented: string): boolean {
  if (registered.includes(presented)) return true;
  const presentedWithoutPort = loopbackWithoutPort(presented);
  if (presentedWithoutPort === undefined) return false;
  return registered.some((uri) => loopbackWithoutPort(uri) === presentedWithoutPort);
}

/** The URI with its port removed when it is an http loopback URI; undefined for any other URI. */
function loopbackWithoutPort(uri: string): string | undefined {
  const match = /^(http:\/\/(?:127\.0\.0\.1|\[::1\]))(?::([0-9]{1,5}))?([/?#].*)?$/s.exec(uri);
  if (!match) return undefined;
  const port = match[2];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  return `${match[1]}${match[3] ?? ''}`;
}

/** What the configuration lets a registered redirect URI be (config allowInsecureRedirectUris). */
export interface RedirectUriPolicy {
  /** Development only: accept http:// on any host, not only on the loopback interface. */
  allowInsecure: boolean;
}

/**
 * Hosts whose http:// redirect URIs keep the code on this machine (RFC 8252 section 7.3: the
 * loopback interface of a native app). `localhost` too: RFC 8252 section 8.3 only advises against
 * it, and development servers use it; it still gets no port exception when matched (above).
 */
const loopbackHosts: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why a redirect URI cannot be registered, or undefined when it can: the one rule for every place
 * a client is registered (the dashboard, `acctl server client create`; bootstrap clients have
 * none). RFC 6749 section 3.1.2: an absolute URI without a fragment. RFC 9700 section 2.6 (and
 * OAuth 2.1): authorization responses must not travel in clear, so http:// only on the loopback
 * interface, unless a development server sets allowInsecureRedirectUris. Private-use schemes
 * (RFC 8252 section 7.1) are not registrable here: http or https only.
 */
export function redirectUriProblem(uri: string, policy: RedirectUriPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use http or https';
  if (uri.includes('#')) return 'must not have a fragment (#...)';
  // The WHATWG parser lower-cases the host and reads userinfo apart, so `http://localhost@evil.example`
  // and `http://LOCALHOST.evil.example` are judged by their real host.
  if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname) && !policy.allowInsecure) {
    return 'must use https: http:// is allowed only on 127.0.0.1, [::1] or localhost (RFC 9700 section 2.6), unless the server sets allowInsecureRedirectUris for development';
  }
  return undefined;
}

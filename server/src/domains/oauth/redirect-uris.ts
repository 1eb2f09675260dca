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

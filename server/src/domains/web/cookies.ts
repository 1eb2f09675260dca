/** The value of one cookie of a Cookie header (RFC 6265 section 5.4), or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0) continue;
    if (pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

/**
 * A Set-Cookie value for a session cookie: HttpOnly (no script reads it), SameSite=Lax (sent on
 * top-level navigations such as a client's redirect to /oauth/authorize, not on cross-site
 * POSTs), Path=/, and Secure when the service is served over https. The value is base64url, so it
 * needs no quoting.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * The consent form sends the authorization request back as one hidden field: its parameters as
 * JSON, base64url. One field rather than one per parameter, because form submission rewrites line
 * breaks in values (HTML's form data set), and `state` must come back byte for byte. Nothing here
 * is trusted: the POST runs every check of the authorization endpoint again.
 */
export function encodeAuthorizationRequest(parameters: Record<string, string | undefined>): string {
  return Buffer.from(JSON.stringify(parameters), 'utf8').toString('base64url');
}

export function decodeAuthorizationRequest(field: string | undefined): Record<string, string> | undefined {
  if (field === undefined || field.length > 16_000 || !/^[A-Za-z0-9_-]*$/.test(field)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(field, 'base64url').toString('utf8'));
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.every(([, v]) => typeof v === 'string')) return undefined;
    return Object.fromEntries(entries) as Record<string, string>;
  } catch {
    return undefined;
  }
}

/** The claims of an access token the CLI shows; decoded for display only, never trusted. */
export interface AccessTokenClaims {
  sub?: string;
  client_id?: string;
  scope?: string;
  exp?: number;
  iss?: string;
}

/** The JWT payload, base64url-decoded without verifying the signature (the server verifies it). */
export function accessTokenClaims(token: string): AccessTokenClaims {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessTokenClaims;
  } catch {
    return {};
  }
}

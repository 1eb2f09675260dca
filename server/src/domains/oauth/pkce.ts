import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * RFC 7636 (PKCE). Only S256 is supported: `plain` gives no protection when the authorization
 * request itself leaks (RFC 9700 section 2.1.1).
 */
export const supportedCodeChallengeMethods = ['S256'] as const;

/** Section 4.1: 43 to 128 unreserved characters; section 4.2 gives the challenge the same alphabet. */
const pkceValue = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isWellFormedCodeVerifier(value: string): boolean {
  return pkceValue.test(value);
}

export function isWellFormedCodeChallenge(value: string): boolean {
  return pkceValue.test(value);
}

/** Section 4.6: BASE64URL(SHA256(ASCII(code_verifier))) == code_challenge, compared in constant time. */
export function verifierMatchesS256Challenge(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

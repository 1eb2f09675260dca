import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * High-entropy secrets (client secrets, refresh tokens, API tokens) are stored as SHA-256 and
 * compared in constant time. A slow KDF is not needed for 256 random bits and would cap the token endpoint at tens of
 * requests per second; it is kept for human passwords (passwords.ts).
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time check of a presented secret against a stored SHA-256 hex digest. */
export function secretMatches(presented: string, storedHash: string | null | undefined): boolean {
  // Hash even when nothing is stored, so an unknown client costs the same time as a wrong secret.
  const presentedDigest = createHash('sha256').update(presented, 'utf8').digest();
  const storedDigest = storedHash && /^[0-9a-f]{64}$/.test(storedHash) ? Buffer.from(storedHash, 'hex') : Buffer.alloc(32);
  return timingSafeEqual(presentedDigest, storedDigest) && Boolean(storedHash);
}

/**
 * 32 random bytes, base64url: the short-lived values this service hands out and stores only as
 * SHA-256 (authorization codes, browser session ids). Client secrets, refresh tokens and API
 * tokens, which live long and leak into files, carry a prefix scanners find: core's generateSecret.
 */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

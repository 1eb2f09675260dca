import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 7636 section 4.1-4.2: a 256-bit random verifier and its S256 challenge. */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** RFC 6749 section 10.12: an unguessable `state` binds the callback to this login. */
export function createState(): string {
  return randomBytes(24).toString('base64url');
}

/** Byte-for-byte comparison in constant time. */
export function sameState(expected: string, received: string | null): boolean {
  if (received === null) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

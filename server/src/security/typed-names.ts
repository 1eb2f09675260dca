import { createHmac, hkdfSync } from 'node:crypto';

/** What a caller typed as a name: a username at sign-in, a client_id at the OAuth endpoints. */
export type TypedNameKind = 'username' | 'client_id';

/**
 * Keyed digests (HMAC-SHA256) of names as callers typed them. People type passwords into the
 * username field, and a client_id field may hold a secret pasted in the wrong place: what was
 * typed is never stored, only a digest that tells repeated attempts apart. Keyed, so nobody who
 * reads the audit log or the database can test guesses against it (an unkeyed SHA-256 of a short
 * password falls to a dictionary). The keys are derived with HKDF (RFC 5869) from the
 * key-encryption key (config keyEncryptionKey), which every replica shares, one per purpose.
 */
export class TypedNames {
  private readonly auditKey: Buffer;
  private readonly throttleKey: Buffer;

  constructor(keyEncryptionKey: string) {
    const secret = Buffer.from(keyEncryptionKey, 'base64');
    this.auditKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'acctl typed-name audit digest v1', 32));
    this.throttleKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'acctl typed-name throttle key v1', 32));
  }

  /** For the audit log: 32 hex digits (128 bits), the same for the same name on every replica. */
  auditDigest(kind: TypedNameKind, typed: string): string {
    return hmacHex(this.auditKey, [kind, normalize(kind, typed)]).slice(0, 32);
  }

  /** For the failure throttle's rows: the throttle, the name and, for a pair, the address. */
  throttleDigest(parts: readonly string[]): string {
    return hmacHex(this.throttleKey, parts);
  }
}

/** Usernames are looked up case-insensitively (NFKC, lower case); a client_id is exact. */
export function normalize(kind: TypedNameKind, typed: string): string {
  return kind === 'username' ? typed.normalize('NFKC').toLowerCase() : typed;
}

function hmacHex(key: Buffer, parts: readonly string[]): string {
  // Joined by NUL, with NUL and backslash escaped inside parts, so no two lists give one string.
  return createHmac('sha256', key)
    .update(parts.map((part) => part.replaceAll('\\', '\\\\').replaceAll('\u0000', '\\0')).join('\u0000'), 'utf8')
    .digest('hex');
}

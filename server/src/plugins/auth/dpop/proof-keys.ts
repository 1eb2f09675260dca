import { createHash } from 'node:crypto';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import { BoundedMap } from '../../../security/bounded-map.js';
import { DPoPProofRejected } from './proof-rejected.js';

export interface ProofKey {
  /** RFC 7638 SHA-256 thumbprint, base64url: what `cnf.jkt` holds (RFC 9449 section 6.1). */
  jkt: string;
  key: CryptoKey;
}

/** RFC 7638 section 3.2: the members that make a key of each type, in lexicographic order. */
const thumbprintMembers: Record<string, readonly string[]> = {
  EC: ['crv', 'kty', 'x', 'y'],
  OKP: ['crv', 'kty', 'x'],
  RSA: ['e', 'kty', 'n'],
};

/**
 * The RFC 7638 form of a public key: its required members alone, in lexicographic order, as JSON
 * without whitespace; its SHA-256 is the thumbprint. Undefined for a key type or member that
 * cannot make a key.
 */
function thumbprintInput(jwk: JWK): string | undefined {
  const members = typeof jwk.kty === 'string' && Object.hasOwn(thumbprintMembers, jwk.kty) ? thumbprintMembers[jwk.kty]! : undefined;
  if (members === undefined) return undefined;
  const required: Record<string, string> = {};
  for (const member of members) {
    const value = (jwk as Record<string, unknown>)[member];
    if (typeof value !== 'string' || value === '') return undefined;
    required[member] = value;
  }
  return JSON.stringify(required);
}

/**
 * The public keys of proofs, thumbprinted and imported once per key and algorithm: a client signs
 * every proof with the same key. The thumbprint is hashed here, synchronously, not through
 * WebCrypto's digest (a trip to the thread pool for 100 bytes, on every request). Keyed by the
 * thumbprint's input, which covers exactly the members that make the key, and the `alg`, since
 * WebCrypto binds an imported key to one. At most `maxEntries` keys, the least recently used
 * forgotten first (a flood of fresh keys costs the flooder imports, not this process memory).
 */
export class ProofKeys {
  private readonly keys: BoundedMap<string, ProofKey>;

  constructor(maxEntries = 10_000) {
    this.keys = new BoundedMap(maxEntries);
  }

  async of(jwk: JWK, alg: string): Promise<ProofKey> {
    const input = thumbprintInput(jwk);
    if (input === undefined) throw new DPoPProofRejected('the DPoP proof jwk header is not a valid public key');
    const cacheKey = `${alg}:${input}`;
    const known = this.keys.get(cacheKey);
    if (known) return known;
    let key: CryptoKey;
    try {
      key = (await importJWK({ ...jwk, alg }, alg)) as CryptoKey;
    } catch {
      throw new DPoPProofRejected(`the DPoP proof jwk header is not a public key usable with ${alg}`);
    }
    const proofKey = { jkt: createHash('sha256').update(input).digest('base64url'), key };
    this.keys.set(cacheKey, proofKey);
    return proofKey;
  }
}

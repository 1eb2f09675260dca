import { calculateJwkThumbprint, importJWK, type CryptoKey, type JWK } from 'jose';
import { BoundedMap } from '../../../security/bounded-map.js';
import { DPoPProofRejected } from './proof-rejected.js';

export interface ProofKey {
  /** RFC 7638 SHA-256 thumbprint, base64url: what `cnf.jkt` holds (RFC 9449 section 6.1). */
  jkt: string;
  key: CryptoKey;
}

/**
 * The public keys of proofs, imported once per key and algorithm: a client signs every proof
 * with the same key, so importing it on each request would be waste. Keyed by the thumbprint,
 * which covers exactly the members that make the key (RFC 7638 section 3.2), and the `alg`, since
 * WebCrypto binds an imported key to one. At most `maxEntries` keys, the least recently used
 * forgotten first (a flood of fresh keys costs the flooder imports, not this process memory).
 */
export class ProofKeys {
  private readonly keys: BoundedMap<string, CryptoKey>;

  constructor(maxEntries = 10_000) {
    this.keys = new BoundedMap(maxEntries);
  }

  async of(jwk: JWK, alg: string): Promise<ProofKey> {
    let jkt: string;
    try {
      jkt = await calculateJwkThumbprint(jwk, 'sha256');
    } catch {
      throw new DPoPProofRejected('the DPoP proof jwk header is not a valid public key');
    }
    const cacheKey = `${alg}:${jkt}`;
    const known = this.keys.get(cacheKey);
    if (known) return { jkt, key: known };
    let key: CryptoKey;
    try {
      key = (await importJWK({ ...jwk, alg }, alg)) as CryptoKey;
    } catch {
      throw new DPoPProofRejected(`the DPoP proof jwk header is not a public key usable with ${alg}`);
    }
    this.keys.set(cacheKey, key);
    return { jkt, key };
  }
}

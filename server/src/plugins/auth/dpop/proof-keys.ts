import { calculateJwkThumbprint, importJWK, type CryptoKey, type JWK } from 'jose';
import { BoundedMap } from '../../../security/bounded-map.js';
import { DPoPProofRejected } from './proof-rejected.js';

export interface ProofKey {
  /** RFC 7638 SHA-256 thumbprint, base64url: what `cnf.jkt` holds (RFC 9449 section 6.1). */
  jkt: string;
  key: CryptoKey;
}

/**
 * The public keys of proofs, thumbprinted and imported once per key and algorithm: a client signs
 * every proof with the same `jwk` header, so doing either on each request would be waste (the
 * thumbprint is WebCrypto's digest, a trip to the thread pool). Keyed by that header as sent and
 * the `alg`, since WebCrypto binds an imported key to one. At most `maxEntries` keys, the least
 * recently used forgotten first (a flood of fresh keys costs the flooder imports, not this
 * process memory).
 */
export class ProofKeys {
  private readonly keys: BoundedMap<string, ProofKey>;

  constructor(maxEntries = 10_000) {
    this.keys = new BoundedMap(maxEntries);
  }

  async of(jwk: JWK, alg: string): Promise<ProofKey> {
    const cacheKey = `${alg}:${JSON.stringify(jwk)}`;
    const known = this.keys.get(cacheKey);
    if (known) return known;
    let jkt: string;
    try {
      jkt = await calculateJwkThumbprint(jwk, 'sha256');
    } catch {
      throw new DPoPProofRejected('the DPoP proof jwk header is not a valid public key');
    }
    let key: CryptoKey;
    try {
      key = (await importJWK({ ...jwk, alg }, alg)) as CryptoKey;
    } catch {
      throw new DPoPProofRejected(`the DPoP proof jwk header is not a public key usable with ${alg}`);
    }
    const proofKey = { jkt, key };
    this.keys.set(cacheKey, proofKey);
    return proofKey;
  }
}

import { constants, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { rsaKeyLimits } from '../../../../../core/src/index.js';
import { BoundedMap } from '../../../security/bounded-map.js';
import { jwsAlgorithms, type JwsAlgorithm } from './algorithms.js';
import { checkProofHeader } from './check-proof-header.js';
import { DPoPProofRejected } from './proof-rejected.js';
import { readProofHeader, type PresentedProof } from './read-proof.js';

export interface ProofKey {
  /** RFC 7638 SHA-256 thumbprint, base64url: what `cnf.jkt` holds (RFC 9449 section 6.1). */
  jkt: string;
  /** The public key and the options node:crypto's verify takes for the proof's `alg`. */
  hash: JwsAlgorithm['hash'];
  /** What node:crypto's verify takes for the proof's `alg`: the public key and its options, built once at import. */
  verifyKey: { key: KeyObject; dsaEncoding?: 'ieee-p1363'; padding?: number; saltLength?: number };
  /**
   * Whether a signature of this key is checked on the event loop rather than in libuv's pool: a
   * check that costs less than the hop to the pool and back. OpenSSL on a 2-core AMD EPYC checks
   * ES256 in 49 µs, Ed25519 in 79, RSA-2048 in 16 and RSA-4096 in 59 (a small exponent), where
   * the hop cost the bench's server (issue #36) 1.4 more context switches and up to 70 µs more CPU
   * per proof than the check itself. P-384 (560 µs), P-521 (410), Ed448 and RSA with a big
   * exponent or modulus stay in the pool, so no proof holds the event loop long.
   */
  verifyOnEventLoop: boolean;
}

/** RSA keys checked on the event loop: at most this modulus, at most this exponent (65537 is what every library makes). */
const cheapRsa = { maxModulusBits: 4096, maxPublicExponent: 65537n } as const;

/**
 * What each proof header a client sends gave: checked (checkProofHeader) and its key thumbprinted
 * and imported, once. A client signs every proof with the same header (`typ`, `alg`, `jwk`), so
 * decoding (base64url, JSON, the text check), checking or importing it on each request would be
 * waste. Keyed by the header's segment as sent: the same bytes decode to the same
 * header, and a key is checked for the one `alg` beside it (its type, curve and size). A header
 * that fails is not kept. At most `maxEntries` headers, the least recently used forgotten first
 * (a flood of fresh keys costs the flooder imports, not this process memory).
 */
export class ProofKeys {
  private readonly keys: BoundedMap<string, ProofKey>;

  constructor(maxEntries = 10_000) {
    this.keys = new BoundedMap(maxEntries);
  }

  async of(proof: PresentedProof): Promise<ProofKey> {
    const known = this.keys.get(proof.headerSegment);
    if (known) return known;
    const { alg, jwk } = checkProofHeader(readProofHeader(proof)); // typ dpop+jwt, asymmetric alg, public jwk, no crit
    const key = await importProofKey(jwk, alg);
    this.keys.set(proof.headerSegment, key);
    return key;
  }
}

/** A proof's `jwk` for its `alg`: its RFC 7638 thumbprint, imported and checked as usable with that algorithm. */
export async function importProofKey(jwk: JWK, alg: string): Promise<ProofKey> {
  const algorithm = Object.hasOwn(jwsAlgorithms, alg) ? jwsAlgorithms[alg] : undefined;
  if (!algorithm) throw new DPoPProofRejected(`the DPoP proof alg ${alg} is not supported`);
  let jkt: string;
  let key: KeyObject;
  try {
    jkt = await calculateJwkThumbprint(jwk, 'sha256');
    key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
  } catch {
    throw new DPoPProofRejected('the DPoP proof jwk header is not a valid public key');
  }
  if (!usableWith(key, algorithm)) throw new DPoPProofRejected(`the DPoP proof jwk header is not a public key usable with ${alg}`);
  return {
    jkt,
    hash: algorithm.hash,
    verifyKey: algorithm.curve
      ? { key, dsaEncoding: 'ieee-p1363' }
      : algorithm.pss
        ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }
        : { key },
    verifyOnEventLoop: cheapToVerify(key),
  };
}

function cheapToVerify(key: KeyObject): boolean {
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'ec') return details.namedCurve === 'prime256v1';
  if (key.asymmetricKeyType === 'ed25519') return true;
  if (key.asymmetricKeyType === 'rsa') {
    const { modulusLength = Infinity, publicExponent = cheapRsa.maxPublicExponent + 1n } = details;
    return modulusLength <= cheapRsa.maxModulusBits && publicExponent <= cheapRsa.maxPublicExponent;
  }
  return false;
}

function usableWith(key: KeyObject, algorithm: JwsAlgorithm): boolean {
  if (key.type !== 'public' || !key.asymmetricKeyType || !algorithm.keyTypes.includes(key.asymmetricKeyType)) return false;
  const details = key.asymmetricKeyDetails ?? {};
  if (algorithm.curve) return details.namedCurve === algorithm.curve;
  if (key.asymmetricKeyType === 'rsa') {
    const bits = details.modulusLength ?? 0;
    // The limits of a client's registered keys (core rsaKeyLimits): a client chooses its proof key too.
    return (
      bits >= rsaKeyLimits.minModulusBits &&
      bits <= rsaKeyLimits.maxModulusBits &&
      (details.publicExponent ?? 0n) < 2n ** BigInt(8 * rsaKeyLimits.maxExponentBytes)
    );
  }
  return true;
}

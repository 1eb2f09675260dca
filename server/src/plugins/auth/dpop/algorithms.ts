/** How node:crypto verifies one JWS algorithm (RFC 7518 section 3, RFC 8037), and the keys it may use. */
export interface JwsAlgorithm {
  /** The digest, or null where the algorithm has its own (EdDSA). */
  hash: 'sha256' | 'sha384' | 'sha512' | null;
  keyTypes: readonly string[];
  /** ECDSA: the one curve of the algorithm (RFC 7518 section 3.4); its signature is r || s. */
  curve?: string;
  /** RSASSA-PSS: MGF1 with the same digest, a salt as long as the digest (RFC 7518 section 3.5). */
  pss?: boolean;
}

const rsa = ['rsa'];
/**
 * RFC 9449 section 4.2: a proof is signed with an asymmetric algorithm, never `none` nor a MAC.
 * The JWS algorithms this server verifies with a public key alone, each with how node:crypto
 * verifies it (proof-keys.ts); their names feed the check of a proof's `alg`, the `algs` of the
 * DPoP challenge (section 7.1) and the metadata's `dpop_signing_alg_values_supported` (section
 * 5.1, and RFC 9728's document).
 */
export const jwsAlgorithms: Readonly<Record<string, JwsAlgorithm>> = {
  ES256: { hash: 'sha256', keyTypes: ['ec'], curve: 'prime256v1' },
  ES384: { hash: 'sha384', keyTypes: ['ec'], curve: 'secp384r1' },
  ES512: { hash: 'sha512', keyTypes: ['ec'], curve: 'secp521r1' },
  PS256: { hash: 'sha256', keyTypes: rsa, pss: true },
  PS384: { hash: 'sha384', keyTypes: rsa, pss: true },
  PS512: { hash: 'sha512', keyTypes: rsa, pss: true },
  RS256: { hash: 'sha256', keyTypes: rsa },
  RS384: { hash: 'sha384', keyTypes: rsa },
  RS512: { hash: 'sha512', keyTypes: rsa },
  EdDSA: { hash: null, keyTypes: ['ed25519', 'ed448'] },
  Ed25519: { hash: null, keyTypes: ['ed25519'] },
};

/** The names of jwsAlgorithms, in its order. */
export const dpopSigningAlgorithms: readonly string[] = Object.keys(jwsAlgorithms);

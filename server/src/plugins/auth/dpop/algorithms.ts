/**
 * RFC 9449 section 4.2: a proof is signed with an asymmetric algorithm, never `none` nor a MAC.
 * The JWS algorithms jose verifies with a public key alone; this one list feeds the check of a
 * proof's `alg`, the `algs` of the DPoP challenge (section 7.1) and the metadata's
 * `dpop_signing_alg_values_supported` (section 5.1, and RFC 9728's document).
 */
export const dpopSigningAlgorithms: readonly string[] = ['ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'RS256', 'RS384', 'RS512', 'EdDSA', 'Ed25519'];

/**
 * A DPoP proof that does not hold (RFC 9449 section 4.3). The token endpoint answers it as
 * `invalid_dpop_proof` (section 5), a protected route as a 401 with a DPoP challenge (section 7.1).
 */
export class DPoPProofRejected extends Error {
  override name = 'DPoPProofRejected';
}

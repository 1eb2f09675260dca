import { jwtVerify, type JWTPayload } from 'jose';
import { DPoPProofRejected } from './proof-rejected.js';
import type { ProofKey } from './proof-keys.js';
import type { PresentedProof } from './read-proof.js';

/**
 * RFC 9449 section 4.3 steps 3 and 6: the signature verifies with the proof's own `jwk`, and
 * the claims every proof carries are there (`jti`, `htm`, `htu`, `iat`). jose checks `typ` and
 * `alg` again; a proof's own `exp` or `nbf`, if any, holds at `now` too.
 */
export async function checkProofSignature(proof: PresentedProof, alg: string, key: ProofKey, now: Date): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(proof.compact, key.key, {
      typ: 'dpop+jwt',
      algorithms: [alg],
      currentDate: now,
      requiredClaims: ['jti', 'htm', 'htu', 'iat'],
    });
    return payload;
  } catch {
    throw new DPoPProofRejected('the DPoP proof signature does not verify with its jwk, or it lacks jti, htm, htu or iat');
  }
}

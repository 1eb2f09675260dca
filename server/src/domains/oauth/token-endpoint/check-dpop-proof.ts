import type { FastifyRequest } from 'fastify';
import { InvalidDPoPProof } from '../../../errors/oauth-errors.js';
import { DPoPProofRejected, requestHtu, type CheckedProof, type DPoPProofVerifier } from '../../../plugins/auth/dpop/index.js';

/**
 * RFC 9449 section 5: a token request with a DPoP header asks for tokens bound to the proof's
 * key; the proof must hold (section 4.3) or the request is refused with invalid_dpop_proof.
 * Without the header the tokens are Bearer tokens. Checks all but the jti (rememberDPoPProof).
 */
export async function checkDPoPProof(proofs: DPoPProofVerifier, request: FastifyRequest, publicUrl: string, now: Date): Promise<CheckedProof | undefined> {
  if (request.headers.dpop === undefined) return undefined;
  return refusedAsOAuthError(() => proofs.check({ header: request.headers.dpop, method: request.method, htu: requestHtu(publicUrl, request.url), now }));
}

/** Section 11.1: the checked proof's jti, accepted once across the replicas, or invalid_dpop_proof. */
export function rememberDPoPProof(proofs: DPoPProofVerifier, proof: CheckedProof, now: Date): Promise<void> {
  return refusedAsOAuthError(() => proofs.remember(proof, now));
}

async function refusedAsOAuthError<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof DPoPProofRejected) throw new InvalidDPoPProof(`The DPoP proof was rejected: ${error.message}`);
    throw error;
  }
}

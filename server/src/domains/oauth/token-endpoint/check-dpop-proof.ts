import type { FastifyRequest } from 'fastify';
import { InvalidDPoPProof } from '../../../errors/oauth-errors.js';
import { DPoPProofRejected, requestHtu, type DPoPProofVerifier } from '../../../plugins/auth/dpop/index.js';

/**
 * RFC 9449 section 5: a token request with a DPoP header asks for tokens bound to the proof's
 * key; the proof must hold (section 4.3) or the request is refused with invalid_dpop_proof.
 * Without the header the tokens are Bearer tokens. Returns the key's thumbprint (`cnf.jkt`).
 */
export async function checkDPoPProof(proofs: DPoPProofVerifier, request: FastifyRequest, publicUrl: string, now: Date): Promise<string | undefined> {
  if (request.headers.dpop === undefined) return undefined;
  try {
    const proof = await proofs.verify({ header: request.headers.dpop, method: request.method, htu: requestHtu(publicUrl, request.url), now });
    return proof.jkt;
  } catch (error) {
    if (error instanceof DPoPProofRejected) throw new InvalidDPoPProof(`The DPoP proof was rejected: ${error.message}`);
    throw error;
  }
}

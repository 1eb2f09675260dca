import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import type { Caller } from './caller.js';
import { DPoPProofRejected, dpopSigningAlgorithms, requestHtu, type DPoPProofVerifier } from './dpop/index.js';

/** The schemes of RFC 6750 and RFC 9449 section 7.1 a token is sent with. */
export type TokenScheme = 'Bearer' | 'DPoP';

/** A token refused for its scheme (a bound one sent as Bearer, an unbound one as DPoP): invalid_token. */
export class SchemeMismatch extends Error {
  override name = 'SchemeMismatch';
}

/**
 * RFC 9449 section 7: a token bound to a key (`cnf.jkt`, Caller.jkt) is only accepted as `DPoP
 * <token>` with a proof of that key for this request; as `Bearer` it is refused (section 7.2:
 * otherwise a stolen bound token would be a bearer token again). A token that is not bound is
 * refused as `DPoP`: the scheme claims a binding the token does not have. Throws SchemeMismatch
 * or DPoPProofRejected.
 */
export async function checkSenderConstraint(
  verifier: DPoPProofVerifier,
  request: FastifyRequest,
  input: { publicUrl: string; scheme: TokenScheme; token: string; caller: Caller; now: Date },
): Promise<void> {
  const { scheme, caller } = input;
  if (scheme === 'Bearer') {
    if (caller.jkt !== undefined) throw new SchemeMismatch('the token is DPoP-bound: send it as "DPoP <token>" with a DPoP proof');
    return;
  }
  if (caller.jkt === undefined) throw new SchemeMismatch('the token is not DPoP-bound: send it as "Bearer <token>"');
  const proof = await verifier.verify({
    header: request.headers.dpop,
    method: request.method,
    htu: requestHtu(input.publicUrl, request.url),
    accessToken: input.token,
    now: input.now,
  });
  if (proof.jkt !== caller.jkt) throw new DPoPProofRejected('the DPoP proof is signed by another key than the one the token is bound to');
}

/** RFC 9449 section 7.1's challenge: the error, and the algorithms a proof may use. */
export function dpopChallenge(error: 'invalid_dpop_proof' | 'invalid_token', description: string): Record<string, string> {
  const quoted = description.replace(/"/g, "'");
  return { 'www-authenticate': `DPoP error="${error}", error_description="${quoted}", algs="${dpopSigningAlgorithms.join(' ')}"` };
}

export function invalidDPoPProof(reason: string): ApiError {
  return new ApiError('invalid_dpop_proof', `The DPoP proof was rejected: ${reason}`, { headers: dpopChallenge('invalid_dpop_proof', reason) });
}

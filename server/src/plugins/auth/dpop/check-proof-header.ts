import type { JWK, ProtectedHeaderParameters } from 'jose';
import { dpopSigningAlgorithms } from './algorithms.js';
import { DPoPProofRejected } from './proof-rejected.js';

/** JWK members that only a private or symmetric key has (RFC 7518 sections 6.2.2, 6.3.2, 6.4; RFC 8037; AKP's `priv`). */
const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k', 'priv'];

/**
 * RFC 9449 section 4.3 steps 4, 5 and 7, before any key is imported: `typ` is `dpop+jwt`, `alg`
 * an asymmetric one of dpopSigningAlgorithms (so `none` and HS256 never reach a verifier), and
 * `jwk` a public key: a private member or a symmetric key is refused, whatever the signature. A
 * `crit` header names extensions the verifier must understand (RFC 7515 section 4.1.11): this one
 * understands none, so any is refused.
 */
export function checkProofHeader(header: ProtectedHeaderParameters): { alg: string; jwk: JWK } {
  const { typ, alg, jwk, crit } = header;
  if (typ !== 'dpop+jwt') throw new DPoPProofRejected('the DPoP proof typ header is not dpop+jwt');
  if (typeof alg !== 'string' || !dpopSigningAlgorithms.includes(alg))
    throw new DPoPProofRejected(`the DPoP proof alg must be one of ${dpopSigningAlgorithms.join(', ')}`);
  if (!jwk || typeof jwk !== 'object' || Array.isArray(jwk)) throw new DPoPProofRejected('the DPoP proof has no jwk header');
  if (jwk.kty === 'oct' || privateMembers.some((member) => member in jwk)) throw new DPoPProofRejected('the DPoP proof jwk header must be a public key');
  if (crit !== undefined) throw new DPoPProofRejected('the DPoP proof has a crit header, and no extension it could name is understood here');
  return { alg, jwk };
}

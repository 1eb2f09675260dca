import type { Knex } from 'knex';
import { checkAth } from './check-ath.js';
import { checkHtm } from './check-htm.js';
import { checkHtu } from './check-htu.js';
import { checkIat, proofWindow } from './check-iat.js';
import { checkProofSignature } from './check-proof-signature.js';
import { DPoPProofRejected } from './proof-rejected.js';
import { ProofKeys } from './proof-keys.js';
import { readProof } from './read-proof.js';
import { maxJtiLength, ProofJtiStore } from './replay-store.js';

export { dpopSigningAlgorithms } from './algorithms.js';
export { requestHtu } from './check-htu.js';
export { DPoPProofRejected } from './proof-rejected.js';
export { pruneExpiredProofJtis } from './replay-store.js';

/** The request a proof must be made for. */
export interface ProofTarget {
  /** The DPoP header(s) as Node parsed them. */
  header: string | string[] | undefined;
  method: string;
  /** requestHtu(config.publicUrl, request.url). */
  htu: string;
  /** At a protected route, the access token sent with the proof (its `ath`). */
  accessToken?: string;
  now: Date;
}

export interface VerifiedProof {
  /** The proof key's RFC 7638 thumbprint: what a token is bound to, or must be bound to. */
  jkt: string;
}

/** A proof that holds in every way but one: its jti is not yet remembered (DPoPProofVerifier.remember). */
export interface CheckedProof extends VerifiedProof {
  jti: string;
  /** When the proof stops being accepted, so its jti may be forgotten. */
  expiresAt: Date;
}

/**
 * RFC 9449 section 4.3, the checks of a DPoP proof, one per file, in the RFC's order: the token
 * endpoint (domains/oauth/token-endpoint) and every protected route (the auth plugin) call it.
 * Server-provided nonces (section 8) are not used: the jti store, shared by the replicas in
 * PostgreSQL, and the iat window bound a replay without the extra round trip a nonce costs a
 * client. Throws DPoPProofRejected.
 */
export class DPoPProofVerifier {
  private readonly keys = new ProofKeys();
  private readonly jtis: ProofJtiStore;

  constructor(db: Knex) {
    this.jtis = new ProofJtiStore(db);
  }

  /** Every check, the jti last: a proof that holds and was not used before. */
  async verify(target: ProofTarget): Promise<VerifiedProof> {
    const proof = await this.check(target);
    await this.remember(proof, target.now);
    return { jkt: proof.jkt };
  }

  /** Steps 1 to 11, all but the replay check: nothing is stored. */
  async check(target: ProofTarget): Promise<CheckedProof> {
    const proof = readProof(target.header); // one header, one compact JWT, its claims decoded
    const key = await this.keys.of(proof); // its header: typ dpop+jwt, asymmetric alg, public jwk, no crit; thumbprint and import; once per header
    const claims = await checkProofSignature(proof, key, target.now); // signed by that jwk; jti, htm, htu, iat present
    checkHtm(claims, target.method);
    checkHtu(claims, target.htu);
    const iat = checkIat(claims, target.now);
    checkAth(claims, target.accessToken);
    const jti = claims.jti;
    if (typeof jti !== 'string' || jti.length === 0 || jti.length > maxJtiLength)
      throw new DPoPProofRejected(`the DPoP proof jti claim must be 1 to ${maxJtiLength} characters`);
    return { jkt: key.jkt, jti, expiresAt: new Date((iat + proofWindow.maxAgeSeconds + proofWindow.futureSeconds) * 1000) };
  }

  /**
   * Step 12 (section 11.1): the jti, accepted once across the replicas. Call it only with a proof
   * that holds in every other way (check), so only such a proof takes a row.
   */
  async remember(proof: CheckedProof, now: Date): Promise<void> {
    if (!(await this.jtis.remember(proof.jkt, proof.jti, proof.expiresAt, now))) throw new DPoPProofRejected('the DPoP proof was used before (its jti)');
  }
}

import type { JWTPayload } from 'jose';
import { DPoPProofRejected } from './proof-rejected.js';

/**
 * How fresh a proof must be (RFC 9449 section 4.3 step 11 and section 11.1: "a relatively brief
 * period"): issued at most `maxAgeSeconds` ago, and at most `futureSeconds` ahead of this clock
 * (the client's may run fast). node-oidc-provider accepts 300 s; so does this service.
 */
export const proofWindow = { maxAgeSeconds: 300, futureSeconds: 60 } as const;

/** RFC 9449 section 4.3 step 11: `iat` within the window; returns it (the replay record lives as long as the proof could). */
export function checkIat(claims: JWTPayload, now: Date): number {
  const iat = claims.iat;
  const seconds = Math.floor(now.getTime() / 1000);
  if (typeof iat !== 'number' || !Number.isFinite(iat)) throw new DPoPProofRejected('the DPoP proof iat claim is not a number');
  if (iat > seconds + proofWindow.futureSeconds) throw new DPoPProofRejected('the DPoP proof iat claim lies in the future');
  if (iat < seconds - proofWindow.maxAgeSeconds) throw new DPoPProofRejected(`the DPoP proof is older than ${proofWindow.maxAgeSeconds} s (its iat claim)`);
  return iat;
}

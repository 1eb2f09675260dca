import { createHash } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { DPoPProofRejected } from './proof-rejected.js';

/**
 * RFC 9449 section 4.3 step 12 and section 7.1: with an access token, the proof's `ath` is the
 * base64url SHA-256 of that token, so a proof made for one token does not go with another. At
 * the token endpoint there is no token, and an `ath` there is ignored. Compared plainly: the
 * digest of a token the sender holds anyway is no secret.
 */
export function checkAth(claims: JWTPayload, accessToken: string | undefined): void {
  if (accessToken === undefined) return;
  const expected = createHash('sha256').update(accessToken).digest('base64url');
  if (typeof claims.ath !== 'string' || claims.ath !== expected) throw new DPoPProofRejected("the DPoP proof ath claim is not the access token's SHA-256");
}

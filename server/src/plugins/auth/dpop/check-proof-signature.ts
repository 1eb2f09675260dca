import { verify as cryptoVerify } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { DPoPProofRejected } from './proof-rejected.js';
import type { ProofKey } from './proof-keys.js';
import type { PresentedProof } from './read-proof.js';

const required = ['jti', 'htm', 'htu', 'iat'] as const;

/**
 * RFC 9449 section 4.3 steps 3 and 6: the signature verifies with the proof's own `jwk`, and the
 * claims every proof carries are there (`jti`, `htm`, `htu`, `iat`); a proof's own `exp` or `nbf`,
 * if any, holds at `now` too. The claims are those readProof decoded: the signature covers exactly
 * the segments they were decoded from (jose's jwtVerify decoded the proof a second time and went
 * through WebCrypto). A cheap check runs on the event loop, a dear one in libuv's pool (the key's
 * `verifyOnEventLoop`, proof-keys.ts).
 */
export async function checkProofSignature(proof: PresentedProof, key: ProofKey, now: Date): Promise<JWTPayload> {
  const dot = proof.compact.lastIndexOf('.');
  const signingInput = Buffer.from(proof.compact.slice(0, dot), 'ascii');
  const signature = Buffer.from(proof.compact.slice(dot + 1), 'base64url');
  const valid = key.verifyOnEventLoop
    ? verifiesNow(key, signingInput, signature)
    : await new Promise<boolean>((resolve) => cryptoVerify(key.hash, signingInput, key.verifyKey, signature, (error, result) => resolve(!error && result)));
  const claims = proof.claims;
  if (!valid || required.some((claim) => claims[claim] === undefined))
    throw new DPoPProofRejected('the DPoP proof signature does not verify with its jwk, or it lacks jti, htm, htu or iat');
  const seconds = Math.floor(now.getTime() / 1000);
  if (claims.exp !== undefined && !(typeof claims.exp === 'number' && claims.exp > seconds))
    throw new DPoPProofRejected('the DPoP proof has expired (its exp claim)');
  if (claims.nbf !== undefined && !(typeof claims.nbf === 'number' && claims.nbf <= seconds))
    throw new DPoPProofRejected('the DPoP proof is not valid yet (its nbf claim)');
  return claims;
}

function verifiesNow(key: ProofKey, signingInput: Buffer, signature: Buffer): boolean {
  try {
    return cryptoVerify(key.hash, signingInput, key.verifyKey, signature);
  } catch {
    return false; // a signature OpenSSL cannot read for this key (its length, its encoding): as the pool answers it
  }
}

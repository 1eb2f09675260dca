import { decodeJwt, decodeProtectedHeader, type JWTPayload, type ProtectedHeaderParameters } from 'jose';
import { findUnstorableText } from './input-boundary.js';

/** Why a JWT presented by a caller was refused before its signature was checked; the message names the member, never its value. */
export class UntrustedJwtRefused extends Error {
  override name = 'UntrustedJwtRefused';
}

/**
 * The header and claims of a JWT a caller presents and signs itself (a DPoP proof with its own
 * key, a private_key_jwt client assertion), decoded before any check: the input boundary
 * (input-boundary.ts) sees only base64url, so a `jti` of NUL or a lone surrogate reached the
 * replay stores behind it (a NUL answered as a database error, `validation_failed` instead of
 * the RFC's error; a lone surrogate stored as U+FFFD, so two different jtis collided). The same
 * rule as the boundary's, on the decoded members: refused here, nothing is looked up or stored.
 */
export function decodeUntrustedJwt(compact: string): { header: ProtectedHeaderParameters; claims: JWTPayload } {
  return { header: decodeUntrustedHeader(compact), claims: decodeUntrustedClaims(compact) };
}

/** decodeUntrustedJwt's header alone (a DPoP proof's is read once per header a client sends, dpop/proof-keys.ts). */
export function decodeUntrustedHeader(compact: string): ProtectedHeaderParameters {
  return wellFormed('header', () => decodeProtectedHeader(compact));
}

/** decodeUntrustedJwt's claims alone. */
export function decodeUntrustedClaims(compact: string): JWTPayload {
  return wellFormed('claims', () => decodeJwt(compact));
}

function wellFormed<T extends object>(part: 'header' | 'claims', decode: () => T): T {
  let decoded: T;
  try {
    decoded = decode();
  } catch {
    throw new UntrustedJwtRefused('is not a well-formed JWT');
  }
  const at = findUnstorableText(decoded);
  if (at !== null) throw new UntrustedJwtRefused(`holds text that is not well-formed (a lone surrogate or NUL) at /${part}${at}`);
  return decoded;
}

import type { JWTPayload, ProtectedHeaderParameters } from 'jose';
import { decodeUntrustedClaims, decodeUntrustedHeader, UntrustedJwtRefused } from '../../untrusted-jwt.js';
import { DPoPProofRejected } from './proof-rejected.js';

/** A proof is a few hundred bytes (an RSA-4096 key makes it about 2 KB): a bigger one is refused unread. */
const maxProofLength = 8192;

export interface PresentedProof {
  compact: string;
  /** The protected header as sent (base64url): the same bytes always decode to the same header. */
  headerSegment: string;
  /** Decoded, not yet verified: read only to choose the checks. */
  claims: JWTPayload;
}

/**
 * RFC 9449 section 4.3 steps 1 and 2: exactly one DPoP header, holding one well-formed JWT whose
 * members are well-formed text (decodeUntrustedJwt's rule). Node joins repeated headers with ", ",
 * which no compact JWS contains, so two headers fail the shape. The claims are decoded here; the
 * header by readProofHeader, only when its segment is new (a client sends the same header with
 * every proof: proof-keys.ts keeps what each header gave).
 */
export function readProof(header: string | string[] | undefined): PresentedProof {
  if (Array.isArray(header)) throw new DPoPProofRejected('send exactly one DPoP header');
  if (header === undefined || header === '') throw new DPoPProofRejected('the DPoP header is missing');
  if (header.length > maxProofLength) throw new DPoPProofRejected(`the DPoP proof is longer than ${maxProofLength} characters`);
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(header)) throw new DPoPProofRejected('the DPoP header is not one compact JWT');
  return { compact: header, headerSegment: header.slice(0, header.indexOf('.')), claims: refusedAsProof(() => decodeUntrustedClaims(header)) };
}

/** The proof's protected header, decoded as readProof decodes the claims; checked by checkProofHeader. */
export function readProofHeader(proof: PresentedProof): ProtectedHeaderParameters {
  return refusedAsProof(() => decodeUntrustedHeader(proof.compact));
}

function refusedAsProof<T>(decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    if (error instanceof UntrustedJwtRefused) throw new DPoPProofRejected(`the DPoP proof ${error.message}`);
    throw error;
  }
}

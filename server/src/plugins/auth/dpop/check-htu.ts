import type { JWTPayload } from 'jose';
import { DPoPProofRejected } from './proof-rejected.js';

/** A proof's `htu` is an absolute URL; a longer one cannot be this service's. */
const maxHtuLength = 2048;

/**
 * The URL a proof for this request names (RFC 9449 section 4.3 step 9): the configured public URL
 * (what clients see, behind a proxy too) and the path as requested, without query or fragment.
 */
export function requestHtu(publicUrl: string, requestUrl: string): string {
  return `${publicUrl}${requestUrl.split('?')[0]}`;
}

/**
 * RFC 9449 section 4.3 step 9: `htu` names this request's URL, ignoring query and fragment,
 * after the syntax- and scheme-based normalisation of RFC 3986 sections 6.2.2 and 6.2.3 (WHATWG
 * URL parsing: case of scheme and host, default port, dot segments, percent-encoding).
 */
export function checkHtu(claims: JWTPayload, expected: string): void {
  const htu = claims.htu;
  if (htu === expected) return; // what clients send: no URL parsed
  if (typeof htu !== 'string' || htu.length > maxHtuLength || normalise(htu) !== normalise(expected))
    throw new DPoPProofRejected(`the DPoP proof htu claim does not name ${expected}`);
}

function normalise(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

import type { JWTPayload } from 'jose';
import { DPoPProofRejected } from './proof-rejected.js';

/** RFC 9449 section 4.3 step 8: `htm` is the request's method (compared as sent: methods are case-sensitive, RFC 9110 9.1). */
export function checkHtm(claims: JWTPayload, method: string): void {
  if (claims.htm !== method) throw new DPoPProofRejected(`the DPoP proof htm claim is not ${method}`);
}

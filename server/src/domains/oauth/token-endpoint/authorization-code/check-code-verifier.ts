import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import type { AuthorizationCodeRow } from '../../authorization-codes-repo.js';
import { isWellFormedCodeVerifier, verifierMatchesS256Challenge } from '../../pkce.js';

/**
 * RFC 7636 section 4.6: with a challenge, the verifier must be sent and must match it. Without a
 * challenge, a verifier is refused too (RFC 9700 section 2.1.1, PKCE downgrade): an attacker who
 * stripped the challenge from the authorization request must not get a code that redeems.
 */
export function checkCodeVerifier(code: AuthorizationCodeRow, verifier: string | undefined): void {
  if (code.code_challenge === null) {
    if (verifier !== undefined) throw new InvalidGrant('code_verifier was sent, but the authorization request had no code_challenge');
    return;
  }
  if (verifier === undefined) throw new InvalidGrant('code_verifier is required: the authorization request had a code_challenge');
  if (!isWellFormedCodeVerifier(verifier) || !verifierMatchesS256Challenge(verifier, code.code_challenge)) {
    throw new InvalidGrant('code_verifier does not match the code_challenge');
  }
}

import { InvalidRequest } from '../../../errors/oauth-errors.js';
import type { OAuthAuthorizationRequest } from '../../../../../core/src/index.js';
import type { OAuthClientRow } from '../clients-repo.js';
import { isWellFormedCodeChallenge } from '../pkce.js';

/**
 * RFC 7636 section 4.4.1 and RFC 9700 section 2.1.1: public clients must send a code_challenge;
 * confidential clients may. Only S256: a challenge without a method would mean `plain`
 * (section 4.3), which is not supported, so the method must be named.
 */
export function checkPkceChallenge(params: OAuthAuthorizationRequest, client: OAuthClientRow): string | undefined {
  const { code_challenge: challenge, code_challenge_method: method } = params;
  if (challenge === undefined) {
    if (method !== undefined) throw new InvalidRequest('code_challenge_method was sent without code_challenge');
    if (client.client_type === 'public') throw new InvalidRequest('PKCE is required for this application: send code_challenge and code_challenge_method=S256');
    return undefined;
  }
  if (method !== 'S256') throw new InvalidRequest('code_challenge_method must be S256 (plain is not supported)');
  if (!isWellFormedCodeChallenge(challenge)) throw new InvalidRequest('code_challenge must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~');
  return challenge;
}

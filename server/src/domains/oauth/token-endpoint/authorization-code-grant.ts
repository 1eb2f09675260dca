import { resolveGrantResource } from '../resource-indicators.js';
import type { GrantHandler } from './grant.js';
import { checkCodeClient } from './authorization-code/check-code-client.js';
import { checkCodeExpiry } from './authorization-code/check-code-expiry.js';
import { checkCodeRedirectUri } from './authorization-code/check-code-redirect-uri.js';
import { checkCodeVerifier } from './authorization-code/check-code-verifier.js';
import { findPresentedCode } from './authorization-code/find-presented-code.js';
import { readCodeParameters } from './authorization-code/read-code-parameters.js';
import { redeemCode } from './authorization-code/redeem-code.js';
import { refreshTokenBinding } from './dpop-binding.js';
import { rejectReplayedCode } from './authorization-code/reject-replayed-code.js';

/**
 * grant_type=authorization_code (RFC 6749 section 4.1.3), one check per file, in this order.
 * node-oidc-provider's order, except that a replay is recognised before the code's expiry is
 * checked, so a replay after 60 seconds still revokes what the code issued.
 */
export const authorizationCodeGrant: GrantHandler = async (context, client, params) => {
  const presented = readCodeParameters(params); // code and redirect_uri are required
  const code = await findPresentedCode(context.db, presented.code); // unknown code: invalid_grant
  checkCodeClient(code, client); // issued to another client: invalid_grant
  await rejectReplayedCode(context, code); // used before: revoke its tokens, invalid_grant
  checkCodeExpiry(code, context.now); // older than its lifetime: invalid_grant
  checkCodeVerifier(code, params.code_verifier); // PKCE (RFC 7636 section 4.6), no downgrade: invalid_grant
  checkCodeRedirectUri(code, presented.redirectUri); // not the authorize request's: invalid_grant
  const audience = resolveGrantResource(params.resource, code.resource, context.resources); // RFC 8707: not the authorize request's: invalid_target
  // Exactly one redemption wins and starts the token family (a public client's bound to its DPoP key).
  return redeemCode(context, code, audience, refreshTokenBinding(client, context.jkt));
};

import { InvalidGrant } from '../../../../errors/oauth-errors.js';
import { recogniseSecret } from '../../../../../../core/src/index.js';
import { accessTokenRefusal } from '../../../api-tokens/index.js';
import { AccessTokenInvalid, verifyAccessToken, type AccessTokenClaims } from '../../access-token.js';
import type { GrantContext } from '../grant.js';

/**
 * A subject or actor token, verified in full as the resource server would (RFC 8693 section 2.1:
 * the server validates both): an access token of this service (a refresh token, client secret or
 * API token is not one), signature, lifetime claims, expiry, and its standing (not revoked, its
 * owners not cut, its delegation not ended: accessTokenRefusal). Any failure is invalid_grant
 * (section 2.2.2), naming which token.
 */
export async function verifyPresentedAccessToken(context: GrantContext, token: string, which: 'subject_token' | 'actor_token'): Promise<AccessTokenClaims> {
  const recognised = recogniseSecret(token);
  if (recognised) throw new InvalidGrant(`The ${which} is a ${recognised.kind.replace('_', ' ')}, not an access token`);
  let claims: AccessTokenClaims;
  try {
    // A token for this server's API only: one for another API (RFC 8707) is that API's to accept.
    claims = await verifyAccessToken(context.keys, token, {
      issuer: context.issuer,
      audiences: [context.issuer],
      lifetimeSeconds: context.accessTokenTtlSeconds,
      now: context.now,
    });
  } catch (error) {
    if (error instanceof AccessTokenInvalid) throw new InvalidGrant(`The ${which} is not valid: ${error.message}`);
    throw error;
  }
  // RFC 9449: a DPoP-bound token is usable only with a proof of its key; exchanging it without one
  // would mint an unbound token from a stolen bound one.
  if (claims.cnf && claims.cnf.jkt !== context.jkt)
    throw new InvalidGrant(`The ${which} is bound to a DPoP key (cnf.jkt): send the exchange with a DPoP proof of that key`);
  const refusal = await accessTokenRefusal(context.db, claims);
  if (refusal === 'revoked') throw new InvalidGrant(`The ${which} has been revoked`);
  if (refusal === 'owner_cut') throw new InvalidGrant(`The ${which}'s user or client is no longer active`);
  if (refusal === 'delegation_ended') throw new InvalidGrant(`The delegation the ${which} was exchanged under has ended`);
  return claims;
}

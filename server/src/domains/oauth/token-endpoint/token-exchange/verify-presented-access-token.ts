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
    claims = await verifyAccessToken(context.keys, token, { issuer: context.issuer, lifetimeSeconds: context.accessTokenTtlSeconds, now: context.now });
  } catch (error) {
    if (error instanceof AccessTokenInvalid) throw new InvalidGrant(`The ${which} is not valid: ${error.message}`);
    throw error;
  }
  const refusal = await accessTokenRefusal(context.db, claims);
  if (refusal === 'revoked') throw new InvalidGrant(`The ${which} has been revoked`);
  if (refusal === 'owner_cut') throw new InvalidGrant(`The ${which}'s user or client is no longer active`);
  if (refusal === 'delegation_ended') throw new InvalidGrant(`The delegation the ${which} was exchanged under has ended`);
  return claims;
}

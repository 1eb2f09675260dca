import type { Knex } from 'knex';
import { recogniseSecret } from '../../../../core/src/index.js';
import type { SigningKeyStore } from '../../keys/signing-key-store.js';
import { hashSecret } from '../../security/secrets.js';
import { findApiTokenByHash, type ApiTokenRow } from '../api-tokens/index.js';
import { AccessTokenInvalid, verifyAccessToken, type AccessTokenClaims } from './access-token.js';
import { findRefreshToken, type RefreshTokenWithGrant } from './grants-repo.js';

export type PresentedToken =
  | { kind: 'access_token'; claims: AccessTokenClaims }
  | { kind: 'api_token'; row: ApiTokenRow }
  | { kind: 'refresh_token'; token: RefreshTokenWithGrant }
  | { kind: 'unknown' };

export interface TokenLookupDeps {
  db: Knex;
  keys: SigningKeyStore;
  issuer: string;
  /** Every API this server issues access tokens for (knownResources): their tokens are introspected and revoked here. */
  resources: readonly string[];
  /** config.accessTokenTtlSeconds: access tokens claiming a longer life are not this service's. */
  accessTokenTtlSeconds: number;
  now: Date;
}

/**
 * What a token presented to the revocation or introspection endpoint is. The kinds cannot be
 * confused: API tokens and refresh tokens carry their prefix (core's recogniseSecret; one whose
 * checksum fails, or a client secret, is unknown without a lookup), access tokens are signed JWTs
 * (three dot-separated parts, verified here, so a forged jti is never acted on), and anything else
 * can only be a refresh token issued before the prefixes, looked up by SHA-256. So
 * token_type_hint is not needed: RFC 7009 section 2.1 and RFC 7662 section 2.1 have the server
 * search every kind anyway.
 */
export async function identifyPresentedToken(deps: TokenLookupDeps, token: string): Promise<PresentedToken> {
  const recognised = recogniseSecret(token);
  if (recognised && !recognised.wellFormed) return { kind: 'unknown' };
  if (recognised?.kind === 'api_token') {
    const row = await findApiTokenByHash(deps.db, hashSecret(token));
    return row ? { kind: 'api_token', row } : { kind: 'unknown' };
  }
  if (recognised?.kind === 'client_secret') return { kind: 'unknown' };
  if (token.split('.').length === 3) {
    try {
      return {
        kind: 'access_token',
        claims: await verifyAccessToken(deps.keys, token, {
          issuer: deps.issuer,
          audiences: deps.resources,
          lifetimeSeconds: deps.accessTokenTtlSeconds,
          now: deps.now,
        }),
      };
    } catch (error) {
      if (error instanceof AccessTokenInvalid) return { kind: 'unknown' };
      throw error;
    }
  }
  // A well-formed refresh token, or an unprefixed value: a refresh token of the form before the prefixes.
  const refresh = await findRefreshToken(deps.db, hashSecret(token));
  return refresh ? { kind: 'refresh_token', token: refresh } : { kind: 'unknown' };
}

import type { Knex } from 'knex';
import { recogniseSecret } from '../../../../core/src/index.js';
import type { SigningKeyStore } from '../../keys/signing-key-store.js';
import { BearerTokenRejected, type VerifyBearerToken } from '../../plugins/auth/caller.js';
import { hashSecret } from '../../security/secrets.js';
import { AccessTokenInvalid, verifyAccessToken } from '../oauth/index.js';
import { accessTokenRefusal, findUsableApiToken } from './repo.js';

export interface BearerTokenDeps {
  db: Knex;
  keys: SigningKeyStore;
  issuer: string;
  /** config.accessTokenTtlSeconds: access tokens claiming a longer life are refused. */
  accessTokenTtlSeconds: number;
}

/**
 * One check for every bearer token: an API token (recognised by its prefix, core's
 * recogniseSecret) is looked up by its SHA-256 once its checksum holds, so a mistyped or made-up
 * one costs no lookup; a client secret or refresh token is refused as it is; anything else must
 * be a JWT access token of this service, with the lifetime claims it issues, that has not been
 * revoked and whose owner's tokens have not been cut since (a disabled or deleted user, a deleted
 * client). Revocations and cuts live in PostgreSQL, under the
 * credentials change counter, so one made on any replica holds on all at once. Built once (app.ts
 * hands it to the auth plugin), so a request allocates no dependencies of its own.
 */
export function bearerTokenVerifier(deps: BearerTokenDeps): VerifyBearerToken {
  return async (token, now) => {
    const recognised = recogniseSecret(token);
    if (recognised && recognised.kind !== 'api_token')
      throw new BearerTokenRejected(`a ${recognised.kind === 'client_secret' ? 'client secret' : 'refresh token'} is not a bearer token`, 'api_token');
    if (recognised) {
      if (!recognised.wellFormed) throw new BearerTokenRejected('the API token is malformed (checksum mismatch)', 'api_token');
      const row = await findUsableApiToken(deps.db, hashSecret(token), now);
      if (!row) throw new BearerTokenRejected('the API token is unknown, expired or revoked, or its owner is no longer active', 'api_token');
      return { kind: 'api_token', subject: row.subject, clientId: null, scopes: row.scopes, tokenId: row.id, expiresAt: row.expires_at };
    }
    let claims;
    try {
      // This API's resource identifier is the issuer (oauth/resource-indicators.ts): a token asked
      // for another API (RFC 8707) is refused here, on every route.
      claims = await verifyAccessToken(deps.keys, token, { issuer: deps.issuer, audiences: [deps.issuer], lifetimeSeconds: deps.accessTokenTtlSeconds, now });
    } catch (error) {
      if (error instanceof AccessTokenInvalid) throw new BearerTokenRejected(error.message, 'access_token');
      throw error;
    }
    const refusal = await accessTokenRefusal(deps.db, claims);
    if (refusal === 'revoked') throw new BearerTokenRejected('the token has been revoked', 'access_token');
    if (refusal === 'owner_cut')
      throw new BearerTokenRejected("the token's user or client is no longer active (disabled, deleted, or no longer an administrator)", 'access_token');
    if (refusal === 'delegation_ended')
      throw new BearerTokenRejected(
        'the delegation the token was exchanged under has ended (a token it came from or its delegation grant was revoked)',
        'access_token',
      );
    return {
      kind: 'access_token',
      subject: claims.sub,
      clientId: claims.client_id,
      scopes: claims.scope.split(' ').filter(Boolean),
      tokenId: claims.jti,
      expiresAt: new Date(claims.exp * 1000),
      ...(claims.act ? { act: claims.act } : {}),
      ...(claims.cnf ? { jkt: claims.cnf.jkt } : {}),
    };
  };
}

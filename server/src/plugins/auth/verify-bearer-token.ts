import type { Knex } from 'knex';
import type { SigningKeyStore } from '../../keys/signing-key-store.js';
import { AccessTokenInvalid, verifyAccessToken } from '../../domains/oauth/access-token.js';
import { hasValidChecksum, looksLikeApiToken } from '../../domains/api-tokens/token-format.js';
import { accessTokenRefusal, findUsableApiToken } from '../../domains/api-tokens/repo.js';
import { hashSecret } from '../../security/secrets.js';

/** Who is calling, as established from the bearer token. */
export interface Caller {
  kind: 'access_token' | 'api_token';
  /** Principal id (user), client id (client_credentials) or the API token's subject. */
  subject: string;
  clientId: string | null;
  scopes: string[];
  /** The access token's jti or the API token's id. */
  tokenId: string;
  expiresAt: Date | null;
}

export class BearerTokenRejected extends Error {
  override name = 'BearerTokenRejected';
}

export interface BearerTokenDeps {
  db: Knex;
  keys: SigningKeyStore;
  issuer: string;
  /** config.accessTokenTtlSeconds: access tokens claiming a longer life are refused. */
  accessTokenTtlSeconds: number;
  now: Date;
}

/**
 * One check for every bearer token: an API token (recognised by its prefix) is looked up by its
 * SHA-256; anything else must be a JWT access token of this service, with the lifetime claims it
 * issues, that has not been revoked and whose owner's tokens have not been cut since (a disabled
 * or deleted user, a deleted client). Revocations and cuts live in PostgreSQL, under the
 * credentials change counter, so one made on any replica holds on all at once.
 */
export async function verifyBearerToken(deps: BearerTokenDeps, token: string): Promise<Caller> {
  if (looksLikeApiToken(token)) {
    if (!hasValidChecksum(token)) throw new BearerTokenRejected('the API token is malformed (checksum mismatch)');
    const row = await findUsableApiToken(deps.db, hashSecret(token), deps.now);
    if (!row) throw new BearerTokenRejected('the API token is unknown, expired or revoked, or its owner is no longer active');
    return { kind: 'api_token', subject: row.subject, clientId: null, scopes: row.scopes, tokenId: row.id, expiresAt: row.expires_at };
  }
  let claims;
  try {
    claims = await verifyAccessToken(deps.keys, token, { issuer: deps.issuer, lifetimeSeconds: deps.accessTokenTtlSeconds, now: deps.now });
  } catch (error) {
    if (error instanceof AccessTokenInvalid) throw new BearerTokenRejected(error.message);
    throw error;
  }
  const refusal = await accessTokenRefusal(deps.db, claims);
  if (refusal === 'revoked') throw new BearerTokenRejected('the token has been revoked');
  if (refusal === 'owner_cut') throw new BearerTokenRejected('the token\'s user or client is no longer active (disabled, deleted, or no longer an administrator)');
  return {
    kind: 'access_token',
    subject: claims.sub,
    clientId: claims.client_id,
    scopes: claims.scope.split(' ').filter(Boolean),
    tokenId: claims.jti,
    expiresAt: new Date(claims.exp * 1000),
  };
}

import { randomUUID, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { SigningKeyStore } from '../../keys/signing-key-store.js';
import type { ActorClaim } from '../../../../core/src/index.js';
import { clockSkewSeconds } from './lifetimes.js';

/** Spec, "Access token (JWT)", plus `jti` (RFC 9068 section 2.2) so a token can be revoked early. */
export interface AccessTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  jti: string;
  scope: string;
  client_id: string;
  /** RFC 8693 section 4.1: who acts for `sub` (a token exchanged with an actor token). */
  act?: ActorClaim;
  /** RFC 9449 section 6: the key a DPoP-bound token is bound to. */
  cnf?: { jkt: string };
}

/** The `typ` header of access tokens (spec, "Access token (JWT)"): the only one accepted as one. */
const ACCESS_TOKEN_TYPE = 'JWT';

export interface IssuedAccessToken {
  token: string;
  claims: AccessTokenClaims;
}

export async function signAccessToken(
  keys: SigningKeyStore,
  input: {
    issuer: string;
    /** RFC 8707: the API the token is for (resource-indicators.ts); the issuer, this server's own API, when none was asked for. */
    audience?: string | undefined;
    subject: string;
    clientId: string;
    scopes: readonly string[];
    ttlSeconds: number;
    now: Date;
    /** RFC 9449: the thumbprint of the key a DPoP proof bound the token to (cnf.jkt). */
    jkt?: string;
    /** RFC 8693 section 4.1: who acts for `subject` (a token exchanged with an actor token). */
    act?: ActorClaim;
  },
): Promise<IssuedAccessToken> {
  const iat = Math.floor(input.now.getTime() / 1000);
  const claims: AccessTokenClaims = {
    iss: input.issuer,
    sub: input.subject,
    aud: input.audience ?? input.issuer,
    exp: iat + input.ttlSeconds,
    iat,
    jti: randomUUID(),
    scope: input.scopes.join(' '),
    client_id: input.clientId,
    ...(input.jkt === undefined ? {} : { cnf: { jkt: input.jkt } }),
    ...(input.act ? { act: input.act } : {}),
  };
  const { kid, privateKey } = keys.signingKey();
  // RFC 7515 compact serialisation, signed by node:crypto in libuv's thread pool: jose's SignJWT
  // goes through WebCrypto, which cost about 25 µs more per token (measured); jose still verifies.
  const signingInput = `${base64url({ alg: 'RS256', typ: ACCESS_TOKEN_TYPE, kid })}.${base64url(claims)}`;
  const signature = await signRs256(signingInput, privateKey);
  return { token: `${signingInput}.${signature.toString('base64url')}`, claims };
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** RSASSA-PKCS1-v1_5 with SHA-256 (RS256), off the event loop. */
function signRs256(input: string, key: KeyObject): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    cryptoSign('sha256', Buffer.from(input, 'utf8'), key, (error, signature) => (error ? reject(error) : resolve(signature))),
  );
}

export class AccessTokenInvalid extends Error {
  override name = 'AccessTokenInvalid';
}

/** What a verifier needs besides the keys: this service's issuer, the audiences accepted, and the lifetime it gives access tokens. */
export interface AccessTokenRules {
  issuer: string;
  /**
   * RFC 8707 / RFC 9068 section 4: the `aud` values accepted. This server's API accepts its own
   * identifier only (a token for another API is refused there); introspection and revocation
   * accept every resource this server issues tokens for.
   */
  audiences: readonly string[];
  /** config.accessTokenTtlSeconds: every access token this service signs lives exactly that long. */
  lifetimeSeconds: number;
  now: Date;
}

/**
 * Verifies signature (RS256 only: `none`, HS256 and every other algorithm are refused before any
 * key is used), issuer, audience, expiry, and the lifetime claims: a token this service signed
 * has an `iat` (not in the future) and `exp - iat` equal to the configured lifetime, so any other
 * is refused whatever its signature (RFC 9068 section 4 lets a resource server refuse a token
 * whose iat it deems too far off; RFC 8725 section 3.10 asks to check every claim the issuer
 * sets). Revocation and the owner's state are checked by the caller.
 */
export async function verifyAccessToken(keys: SigningKeyStore, token: string, rules: AccessTokenRules): Promise<AccessTokenClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(
      token,
      async (header) => {
        const key = header.kid ? await keys.verificationKey(header.kid) : undefined;
        if (!key) throw new AccessTokenInvalid('the token was not signed by a key of this service');
        return key;
      },
      {
        algorithms: ['RS256'],
        // The one type this service issues (spec: `typ` = `JWT`); jose compares it as RFC 7515 says
        // (case-insensitive, `application/` optional) and refuses a token without one. Anything else
        // signed by the same key (a `refresh+jwt`, an `id+jwt`) is not an access token (RFC 8725, 3.11).
        typ: ACCESS_TOKEN_TYPE,
        issuer: rules.issuer,
        audience: [...rules.audiences],
        currentDate: rules.now,
        requiredClaims: ['sub', 'exp', 'iat', 'jti'],
      },
    ));
  } catch (error) {
    if (error instanceof AccessTokenInvalid) throw error;
    throw new AccessTokenInvalid(describeJoseError(error));
  }
  const claims = assertClaims(payload);
  assertLifetime(claims, rules);
  return claims;
}

/** The lifetime claims as this service issues them, within the clock skew replicas may have. */
function assertLifetime(claims: AccessTokenClaims, rules: AccessTokenRules): void {
  const now = Math.floor(rules.now.getTime() / 1000);
  if (claims.iat > now + clockSkewSeconds) throw new AccessTokenInvalid("the token's iat claim lies in the future");
  if (claims.exp <= claims.iat) throw new AccessTokenInvalid("the token's exp claim is not after its iat claim");
  if (claims.exp - claims.iat > rules.lifetimeSeconds + clockSkewSeconds)
    throw new AccessTokenInvalid("the token's lifetime (exp - iat) is longer than this service issues");
}

function assertClaims(payload: JWTPayload): AccessTokenClaims {
  if (typeof payload.scope !== 'string' || typeof payload.client_id !== 'string' || typeof payload.jti !== 'string') {
    throw new AccessTokenInvalid('the token lacks the scope, client_id or jti claim');
  }
  return payload as unknown as AccessTokenClaims;
}

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'the token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return error.claim === 'typ' ? 'the token is not an access token (its typ header is not JWT)' : `the token's ${error.claim} claim is not valid here`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'the token is not signed with RS256';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'the token signature does not verify';
  return 'the token is malformed';
}

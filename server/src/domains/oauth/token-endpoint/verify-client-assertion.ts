import type { Knex } from 'knex';
import { createLocalJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { clientAssertionAlgorithms } from '../../../../../core/src/index.js';
import { InvalidClient } from '../../../errors/oauth-errors.js';
import { ClientKeysUnavailable, type ClientKeys } from '../client-keys.js';
import type { OAuthClientRow } from '../clients-repo.js';

/** RFC 7521 section 4.2: the one client_assertion_type this server understands (RFC 7523 section 2.2). */
export const jwtBearerAssertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/**
 * The longest an assertion may live, exp minus now (and minus iat when present): its jti is kept
 * that long to refuse a replay, and a short life limits what a stolen one is worth (openid-client
 * signs them for 60 s).
 */
export const maxClientAssertionLifetimeSeconds = 300;
/** Clocks of client and server may differ a little (node-oidc-provider's clockTolerance is 15 s too). */
const clockToleranceSeconds = 15;

export interface ClientAssertionDeps {
  db: Knex;
  clientKeys: ClientKeys;
  /** This server's issuer identifier (RFC 8414), which the assertion's aud names. */
  issuer: string;
  now: Date;
}

/**
 * RFC 7523 section 3, the checks on a client assertion, in order. Every failure is
 * invalid_client (RFC 7521 section 4.2.1), counted by the throttle as a wrong secret is.
 */
export async function verifyClientAssertion(deps: ClientAssertionDeps, client: OAuthClientRow, assertion: string): Promise<void> {
  const refuse = (why: string): never => {
    throw new InvalidClient(`Client authentication failed: the client assertion ${why}`, false);
  };
  // 1. A client registered for private_key_jwt has keys; any other cannot use an assertion (RFC 7591 section 2: one method per client).
  if (!client.jwks && !client.jwks_uri) refuse('is not how this client authenticates: it has no registered keys');
  // 2-3. Signed with one of the client's keys, by an asymmetric algorithm (never HS256 or none),
  // iss and sub the client_id, exp present and not past, nbf not ahead.
  const payload = await verifiedPayload(deps, client, assertion).catch((error: unknown) => refuse(assertionProblem(error)));
  // 4. aud: one value naming this server. The issuer identifier, as the 2025 update of RFC 7523
  // (draft-ietf-oauth-rfc7523bis, after the audience-injection findings) requires and openid-client
  // sends; the token endpoint URL too, which RFC 7523 section 3 item 3 allows. Several values are
  // refused: an assertion meant for another server as well must not be accepted here.
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  const accepted = [deps.issuer, `${deps.issuer}/v1/oauth/token`];
  if (audiences.length !== 1 || !accepted.includes(audiences[0] as string)) refuse(`aud must be one value: this server's issuer ${deps.issuer}`);
  // 5. Short-lived: its jti is remembered until exp.
  const now = Math.floor(deps.now.getTime() / 1000);
  const exp = payload.exp!;
  if (
    exp - now > maxClientAssertionLifetimeSeconds + clockToleranceSeconds ||
    (payload.iat !== undefined && exp - payload.iat > maxClientAssertionLifetimeSeconds)
  )
    refuse(`lives longer than ${maxClientAssertionLifetimeSeconds} s (exp)`);
  // 6. jti used once (RFC 7523 section 3 item 7), on every replica: the primary key lets one INSERT win.
  const jti = payload.jti;
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 200) return refuse('needs a jti of 1 to 200 characters');
  const inserted = await deps
    .db('oauth_client_assertions')
    .insert({ client_id: client.client_id, jti, expires_at: new Date(exp * 1000) })
    .onConflict(['client_id', 'jti'])
    .ignore()
    .returning('jti');
  if (inserted.length === 0) refuse('was used before (its jti is spent)');
}

/** The payload once the signature and the time and party claims hold; a kid not known is fetched once more (jwks_uri). */
async function verifiedPayload(deps: ClientAssertionDeps, client: OAuthClientRow, assertion: string): Promise<JWTPayload> {
  const options = {
    algorithms: [...clientAssertionAlgorithms],
    issuer: client.client_id,
    subject: client.client_id,
    requiredClaims: ['exp', 'jti'],
    currentDate: deps.now,
    clockTolerance: clockToleranceSeconds,
  };
  const verify = async (refresh: boolean): Promise<JWTPayload> => {
    const jwks = await deps.clientKeys.of(client, deps.now, refresh);
    try {
      return (await jwtVerify(assertion, createLocalJWKSet(jwks!), options)).payload;
    } catch (error) {
      // jose says what is wrong with the assertion as a JOSEError; anything else comes from a key it
      // could not import or use (an EC point off its curve), which checkClientJwks cannot see.
      if (error instanceof errors.JOSEError) throw error;
      throw new ClientKeysUnavailable("A key of the client's JWK Set cannot be used to verify a signature");
    }
  };
  try {
    return await verify(false);
  } catch (error) {
    if (error instanceof errors.JWKSNoMatchingKey && deps.clientKeys.canRefresh(client, deps.now)) return verify(true);
    throw error;
  }
}

/** What jose found wrong, said plainly; the claim's name, never its value. */
function assertionProblem(error: unknown): string {
  if (error instanceof ClientKeysUnavailable) return `cannot be checked: ${error.message}`;
  if (error instanceof errors.JWTExpired) return 'has expired (exp)';
  if (error instanceof errors.JWTClaimValidationFailed) return `fails its ${error.claim} claim (${error.reason})`;
  if (error instanceof errors.JOSEAlgNotAllowed) return `uses an algorithm not allowed; use one of ${clientAssertionAlgorithms.join(', ')}`;
  if (error instanceof errors.JWKSNoMatchingKey) return "names no key of the client's JWK Set (kid, alg)";
  if (error instanceof errors.JWKSMultipleMatchingKeys) return 'matches several keys of the client: name one with kid';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'has a signature that does not verify';
  if (error instanceof errors.JOSEError) return 'is not a valid signed JWT';
  throw error;
}

import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { isMalformedSecret } from '../../../../../core/src/index.js';
import { InvalidClient, TooManyAttempts } from '../../../errors/oauth-errors.js';
import { actorOf, requestInfoOf } from '../../../events/context.js';
import type { AuditLog } from '../../audit/index.js';
import {
  clientAuthenticationThrottle,
  reserveAttempt,
  reservedAttemptFailed,
  reservedAttemptSucceeded,
  type ThrottleKeys,
} from '../../../security/failure-throttle.js';
import { secretMatches } from '../../../security/secrets.js';
import type { ClientAuthLookup } from '../client-auth-cache.js';
import type { OAuthClientRow } from '../clients-repo.js';
import { clientAuthenticationFailedEvent, type PresentedClient } from '../oauth-events.js';
import type { ClientKeys } from '../client-keys.js';
import { readClientCredentials, type ClientCredentialParameters, type PresentedClientCredentials } from './read-client-credentials.js';
import { verifyClientAssertion, type ClientAssertionDeps } from './verify-client-assertion.js';

/**
 * Confidential clients prove their secret (SHA-256 compared in constant time; an unknown client
 * costs the same) or, registered with keys, a private key (RFC 7523, verify-client-assertion.ts);
 * neither stands in for the other. Public clients present no secret and rely on PKCE in the grant.
 */
export async function authenticateClient(
  lookup: ClientAuthLookup,
  presented: PresentedClientCredentials,
  keys?: ThrottleKeys,
  assertions?: ClientAssertionDeps,
): Promise<OAuthClientRow> {
  const usedBasic = presented.method === 'client_secret_basic';
  const client = await lookup.client(presented.clientId);
  if (client?.client_type === 'public') {
    if (presented.clientSecret !== undefined || presented.clientAssertion !== undefined)
      throw new InvalidClient('This public client has no secret or keys; send client_id only', usedBasic);
    return client;
  }
  if (presented.clientAssertion !== undefined) {
    if (!client || !assertions) throw new InvalidClient('Client authentication failed: unknown client', false);
    await verifyClientAssertion(assertions, client, presented.clientAssertion);
    return client;
  }
  const matches = secretMatches(presented.clientSecret ?? '', client?.secret_hash);
  if (!client || presented.clientSecret === undefined || !matches) {
    if (keys) lookup.markWrong(keys);
    throw new InvalidClient('Client authentication failed: unknown client or wrong secret', usedBasic);
  }
  return client;
}

export interface ClientAuthenticationDeps {
  db: Knex;
  /** Where clients and the throttle's failures are read (the route's ClientAuthCache). */
  clientAuth: ClientAuthLookup;
  auditLog: Pick<AuditLog, 'appendInBackground'>;
  now: Date;
  /** private_key_jwt clients' keys (client-keys.ts), and the issuer their assertions name. */
  clientKeys: ClientKeys;
  issuer: string;
}

/**
 * The client of a request to the token, revocation or introspection endpoint: its credentials
 * read (RFC 6749 section 2.3.1), the brute-force throttle consulted (security/failure-throttle.ts;
 * RFC 6749 section 10.10 asks for protection against guessing), and the secret checked. The
 * throttle's cached read runs beside the client lookup: a pair known to be throttled is refused
 * at once. Otherwise the secret's answer waits for one atomic step of the throttle
 * (security/failure-throttle.ts): a wrong secret is answered invalid_client only if its failure
 * could be recorded (recordFailureIfAllowed), a right one is let in only if no limit was reached
 * before it (ClientAuthLookup.admit: a second shared read of the change counter when nothing was
 * recorded meanwhile, the atomic step otherwise), and anything else is answered 429. So parallel
 * guesses get at most the limit's worth of answers, a right secret among them after the limit is
 * refused like a wrong one, and a burst of right secrets from one service takes no slot at all
 * and costs no round trip of its own. Before all that, a right secret for a client and pair this
 * replica already holds is let in by one shared counter read started after the comparison
 * (ClientAuthLookup.admitKnown), the steady state of a service fetching tokens; unless a wrong
 * secret for the same client_id was compared on this replica and its failure is not yet written
 * (markWrong): then the right one waits for it and takes the atomic step, so a right secret sent
 * among many wrong ones at once is not let in ahead of their failures. (A SHA-256 of 256 random bits costs less than a slot taken
 * before it would; a secret a person chose takes its slot first, as the scrypt of a sign-in does:
 * authenticateChosenSecret below, web/sign-in.ts.) Every
 * invalid_client and every throttled attempt is an auth.failed event, recorded in the background
 * (nothing else changes to join).
 */
export async function authenticateRequestClient(
  deps: ClientAuthenticationDeps,
  request: FastifyRequest,
  params: ClientCredentialParameters,
): Promise<{ client: OAuthClientRow; presented: PresentedClientCredentials }> {
  let presented: PresentedClientCredentials | undefined;
  try {
    presented = readClientCredentials(request, params);
    // A generated secret's prefix with a failing checksum: a typo or a guess, never a client's
    // secret (bootstrap refuses to choose such a one). Refused before the client and the throttle
    // are read, so it takes no throttle slot; it is still an auth.failed event (core/src/secret-formats.ts).
    if (presented.clientSecret !== undefined && isMalformedSecret(presented.clientSecret, 'client_secret'))
      throw new InvalidClient('Client authentication failed: the client secret is malformed (checksum mismatch)', presented.method === 'client_secret_basic');
    const keys = deps.clientAuth.throttleKeys(clientAuthenticationThrottle, presented.clientId, request.ip);
    if (presented.clientSecret !== undefined) {
      const known = await deps.clientAuth.admitKnown(presented.clientId, presented.clientSecret, keys, deps.now);
      if (known) {
        await deps.clientAuth.rememberAddress(keys, deps.now);
        return { client: known, presented };
      }
    }
    const [retryAfter, client] = await Promise.all([deps.clientAuth.secondsUntilAllowed(keys, deps.now), deps.clientAuth.client(presented.clientId)]);
    if (retryAfter > 0) throw tooManyAttempts(retryAfter);
    if (client?.secret_chosen) {
      const chosen = await authenticateChosenSecret(deps, keys, client, presented);
      await deps.clientAuth.rememberAddress(keys, deps.now);
      return { client: chosen, presented };
    }
    const outcome = await authenticateClient(deps.clientAuth, presented, keys, deps).then(
      (client) => ({ client }),
      (error: unknown) => ({ error }),
    );
    if ('error' in outcome) {
      if (outcome.error instanceof InvalidClient) {
        const wait = await deps.clientAuth.recordFailure(keys, deps.now);
        if (wait > 0) throw tooManyAttempts(wait);
      }
      throw outcome.error;
    }
    const wait = await deps.clientAuth.admit(keys, deps.now);
    if (wait > 0) throw tooManyAttempts(wait);
    // A public client proves nothing about the address: only a secret makes it known.
    if (presented.clientSecret !== undefined) await deps.clientAuth.rememberAddress(keys, deps.now);
    return { client: outcome.client, presented };
  } catch (error) {
    if (error instanceof InvalidClient || error instanceof TooManyAttempts) {
      const context = { actor: actorOf(request), request: requestInfoOf(request), now: deps.now };
      const endpoint = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
      const client = await presentedClient(deps.clientAuth, presented?.clientId ?? params.client_id);
      deps.auditLog.appendInBackground([clientAuthenticationFailedEvent(context, { endpoint, client, method: presented?.method, reason: error.message })]);
    }
    throw error;
  } finally {
    deps.clientAuth.settle();
  }
}

/**
 * A secret a person chose (the bootstrap client's, `secret_chosen`) may be guessable, so it is
 * treated as the sign-in page treats a password (web/sign-in.ts): a throttle slot is taken in one
 * atomic step shared by every replica BEFORE the secret is compared; no slot, no comparison. A
 * slot still being compared counts like a failure, so guesses sent at once, to any number of
 * replicas, get at most the limit's worth of comparisons. The price is one round trip before and
 * one after each token request of this client, and more than the limit at once from one address
 * wait their turn as 429s: acceptable for an administrator's client. Generated secrets (256 random
 * bits) cannot be guessed, so they keep the cheaper order above (docs/security.md, "Throttles").
 */
async function authenticateChosenSecret(
  deps: ClientAuthenticationDeps,
  keys: ThrottleKeys,
  client: OAuthClientRow,
  presented: PresentedClientCredentials,
): Promise<OAuthClientRow> {
  const usedBasic = presented.method === 'client_secret_basic';
  const reservation = await reserveAttempt(deps.db, keys, deps.now);
  if ('retryAfterSeconds' in reservation) throw tooManyAttempts(reservation.retryAfterSeconds);
  if (!secretMatches(presented.clientSecret ?? '', client.secret_hash)) {
    await reservedAttemptFailed(deps.db, keys, reservation.attemptId, deps.now);
    throw new InvalidClient('Client authentication failed: unknown client or wrong secret', usedBasic);
  }
  await reservedAttemptSucceeded(deps.db, keys, reservation.attemptId);
  return client;
}

function tooManyAttempts(retryAfterSeconds: number): TooManyAttempts {
  const { maxFailures, accountMaxFailures, windowSeconds } = clientAuthenticationThrottle;
  return new TooManyAttempts(
    `Client authentication failed too often for this client (${maxFailures} times in ${windowSeconds / 60} minutes from one address, or ${accountMaxFailures} from addresses it has not authenticated from within a day); try again in ${retryAfterSeconds} s`,
    retryAfterSeconds,
  );
}

/**
 * The client_id of a failed authentication as its event may name it: as presented when such a
 * client exists; otherwise only a keyed digest, since what was typed may be anything, a secret
 * pasted into the wrong field included.
 */
async function presentedClient(lookup: ClientAuthLookup, clientId: string | undefined): Promise<PresentedClient | undefined> {
  if (typeof clientId !== 'string') return undefined;
  const known = await lookup.client(clientId).catch(() => undefined);
  return known ? { known: true, clientId: known.client_id } : { known: false, digest: lookup.unknownClientIdDigest(clientId) };
}

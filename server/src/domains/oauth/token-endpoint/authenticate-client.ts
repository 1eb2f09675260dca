import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { InvalidClient, TooManyAttempts } from '../../../errors/oauth-errors.js';
import { actorOf, requestInfoOf } from '../../../events/context.js';
import type { EventRecorder } from '../../../events/event-recorder.js';
import { clientAuthenticationThrottle, recordFailure, throttleKey } from '../../../security/failure-throttle.js';
import { secretMatches } from '../../../security/secrets.js';
import type { ClientAuthLookup } from '../client-auth-cache.js';
import type { OAuthClientRow } from '../clients-repo.js';
import { clientAuthenticationFailedEvent } from '../oauth-events.js';
import { readClientCredentials, type PresentedClientCredentials } from './read-client-credentials.js';

/**
 * Confidential clients prove their secret (SHA-256 compared in constant time; an unknown client
 * costs the same). Public clients present no secret and rely on PKCE in the grant.
 */
export async function authenticateClient(lookup: ClientAuthLookup, presented: PresentedClientCredentials): Promise<OAuthClientRow> {
  const usedBasic = presented.method === 'client_secret_basic';
  const client = await lookup.client(presented.clientId);
  if (client?.client_type === 'public') {
    if (presented.clientSecret !== undefined) throw new InvalidClient('This public client has no secret; do not send one', usedBasic);
    return client;
  }
  const matches = secretMatches(presented.clientSecret ?? '', client?.secret_hash);
  if (!client || presented.clientSecret === undefined || !matches) {
    throw new InvalidClient('Client authentication failed: unknown client or wrong secret', usedBasic);
  }
  return client;
}

export interface ClientAuthenticationDeps {
  db: Knex;
  /** Where clients and the throttle's failures are read (the route's ClientAuthCache). */
  clientAuth: ClientAuthLookup;
  recorder: Pick<EventRecorder, 'recordInBackground'>;
  now: Date;
}

/**
 * The client of a request to the token, revocation or introspection endpoint: its credentials
 * read (RFC 6749 section 2.3.1), the brute-force throttle consulted (security/failure-throttle.ts;
 * RFC 6749 section 10.10 asks for protection against guessing), and the secret checked. The
 * throttle's read runs beside the client lookup, so it adds no round trip. Every invalid_client
 * counts against the throttle and is an auth.failed event, recorded in the background (nothing
 * else changes to join); so is every throttled attempt.
 */
export async function authenticateRequestClient(
  deps: ClientAuthenticationDeps,
  request: FastifyRequest,
  params: { client_id?: string; client_secret?: string },
): Promise<{ client: OAuthClientRow; presented: PresentedClientCredentials }> {
  let presented: PresentedClientCredentials | undefined;
  try {
    presented = readClientCredentials(request, params);
    const key = throttleKey(clientAuthenticationThrottle, presented.clientId, request.ip);
    const [retryAfter, outcome] = await Promise.all([
      deps.clientAuth.secondsUntilAllowed(clientAuthenticationThrottle, key, deps.now),
      authenticateClient(deps.clientAuth, presented).then((client) => ({ client }), (error: unknown) => ({ error })),
    ]);
    if (retryAfter > 0) {
      const { maxFailures, windowSeconds } = clientAuthenticationThrottle;
      throw new TooManyAttempts(`Client authentication failed ${maxFailures} times in ${windowSeconds / 60} minutes for this client from this address; try again in ${retryAfter} s`, retryAfter);
    }
    if ('error' in outcome) {
      if (outcome.error instanceof InvalidClient) await recordFailure(deps.db, key, deps.now);
      throw outcome.error;
    }
    return { client: outcome.client, presented };
  } catch (error) {
    if (error instanceof InvalidClient || error instanceof TooManyAttempts) {
      const context = { actor: actorOf(request), request: requestInfoOf(request), now: deps.now };
      const endpoint = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
      deps.recorder.recordInBackground([clientAuthenticationFailedEvent(context, { endpoint, clientId: presented?.clientId ?? params.client_id, method: presented?.method, reason: error.message })]);
    }
    throw error;
  }
}

import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, onSendHookHandler, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../errors/api-error.js';
import type { Caller } from '../auth/caller.js';
import { claimKey, completeClaim, pruneExpiredKeys, releaseClaim, renewClaim, renewEverySeconds, type Claim, type KeyOwner } from './key-store.js';
import { idempotencyKeyHeader, idempotencyKeyOf, requestFingerprint } from './request-fingerprint.js';
import { answerToStore, isKeptStatus } from './stored-answer.js';

/** Marks a replayed answer, as Stripe does. */
export const replayedHeader = 'idempotent-replayed';

/**
 * A route's opt-in: `true`, or the top-level members of its 2xx body that hold a secret shown
 * once, which are never stored (stored-answer.ts), so a replay answers without them.
 */
export type RouteIdempotency = true | { oneTimeSecrets: readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an Idempotency-Key header (docs/api.md, "Idempotent requests"): every POST
     * that creates something, beside config.auth. The OpenAPI document reads it from here.
     */
    idempotency?: RouteIdempotency;
  }
  interface FastifyInstance {
    /** The routes that take Idempotency-Key, as `POST /v1/...`: docs/api.md lists the same (a test compares). */
    idempotentRoutes: readonly string[];
  }
  interface FastifyRequest {
    /** The key this request holds while its handler runs, until its answer is kept or the key released. */
    idempotencyClaim: HeldClaim | null;
  }
}

interface HeldClaim {
  claim: Claim;
  renewal: NodeJS.Timeout;
}

const pruneEverySeconds = 10 * 60;

function ownerOf(caller: Caller): KeyOwner {
  return { kind: caller.kind, subject: caller.subject, clientId: caller.clientId ?? '' };
}

/**
 * Idempotency keys, as Stripe has them (docs.stripe.com/api/idempotent_requests) and
 * draft-ietf-httpapi-idempotency-key-header words them, on the routes that opt in with
 * config.idempotency. A request with `Idempotency-Key` claims the key for its caller just before
 * its handler runs (after validation, authentication and the route's own checks: "after
 * endpoint execution begins"), and its answer is kept in PostgreSQL for 24 hours, shared by the
 * replicas. The same key and request again: the kept answer, marked `Idempotent-Replayed: true`.
 * The same key with another request: 422 idempotency_key_reused. While the first still runs:
 * 409 idempotency_key_in_use with Retry-After, as Stripe answers, rather than holding a
 * connection and a request open to wait for it. Without the header a request runs as before.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('idempotencyClaim', null);
    const idempotentRoutes: string[] = [];
    app.decorate('idempotentRoutes', idempotentRoutes);

    const keepAnswer =
      (oneTimeSecrets: readonly string[]): onSendHookHandler =>
      async (request, reply, payload) => {
        const held = request.idempotencyClaim;
        if (!held) return payload;
        request.idempotencyClaim = null;
        clearInterval(held.renewal);
        const status = reply.statusCode;
        const answer = isKeptStatus(status) ? answerToStore(status, reply.getHeaders(), payload, oneTimeSecrets) : null;
        try {
          if (!answer) await releaseClaim(app.db, held.claim);
          else if (!(await completeClaim(app.db, held.claim, answer)))
            request.log.warn('idempotency key: its lease ran out before the answer, and another request took the key over');
        } catch (error) {
          // The answer still goes out: what the handler did is done. The key stays claimed until
          // its lease runs out; a retry after that runs the request again.
          request.log.error({ err: error }, 'idempotency key: the answer could not be kept');
        }
        return payload;
      };

    /** A reply that never reached onSend (it cannot on these routes, but a held key must not outlive its request). */
    const letGo: onResponseHookHandler = async (request) => {
      const held = request.idempotencyClaim;
      if (!held) return;
      request.idempotencyClaim = null;
      clearInterval(held.renewal);
      await releaseClaim(app.db, held.claim).catch((error: unknown) => request.log.error({ err: error }, 'idempotency key: release failed'));
    };

    const claimThenRun = (handler: RouteHandlerMethod): RouteHandlerMethod =>
      async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const key = idempotencyKeyOf(request.headers[idempotencyKeyHeader]);
        if (key === undefined || !request.caller) return handler.call(this, request, reply);
        const outcome = await claimKey(app.db, ownerOf(request.caller), key, requestFingerprint(request));
        switch (outcome.kind) {
          case 'replay':
            return reply
              .code(outcome.answer.status)
              .headers(outcome.answer.headers)
              .header(replayedHeader, 'true')
              .send(Buffer.from(outcome.answer.body, 'utf8'));
          case 'reused':
            throw new ApiError(
              'idempotency_key_reused',
              'This Idempotency-Key was used with another request (method, path, If-Match or body) in the last 24 hours; use a new key for a new request',
            );
          case 'in_flight':
            throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still running; send it again after Retry-After', {
              headers: { 'retry-after': '1' },
            });
          case 'claimed': {
            const { claim } = outcome;
            const renewal = setInterval(() => {
              renewClaim(app.db, claim).catch((error: unknown) => request.log.warn({ err: error }, 'idempotency key: lease renewal failed'));
            }, renewEverySeconds * 1000);
            renewal.unref();
            request.idempotencyClaim = { claim, renewal };
            return handler.call(this, request, reply);
          }
        }
      };

    app.addHook('onRoute', (route) => {
      const option = route.config?.idempotency;
      if (option === undefined) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.some((method) => method !== 'POST')) throw new Error(`route ${route.url} declares config.idempotency: only POST routes take keys`);
      const auth = route.config?.auth;
      if (!auth || auth === 'public') throw new Error(`route ${route.url} declares config.idempotency: keys belong to a caller, so it needs a token`);
      idempotentRoutes.push(`POST ${route.url}`);
      route.handler = claimThenRun(route.handler);
      const onSend = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
      route.onSend = [...onSend, keepAnswer(option === true ? [] : option.oneTimeSecrets)];
      const onResponse = route.onResponse === undefined ? [] : Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse];
      route.onResponse = [...onResponse, letGo];
    });

    let pruning: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      pruning = setInterval(() => {
        pruneExpiredKeys(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'pruning expired idempotency keys failed'));
      }, pruneEverySeconds * 1000);
      pruning.unref();
    });
    app.addHook('onClose', async () => clearInterval(pruning));
  },
  { name: 'idempotency', dependencies: ['db', 'auth', 'errors'] },
);

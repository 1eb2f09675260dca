import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../errors/api-error.js';
import { TooManyRequests } from '../../errors/oauth-errors.js';
import { isRateClass, limitFor, rateWindowSeconds, type RateClass } from './rate-classes.js';
import { isExceeded, rateLimitHeaders, type RateLimitState } from './rate-limit-headers.js';
import { ClusterWindowCounter } from './cluster-window-counter.js';
import { RedisWindowCounter } from './redis-window-counter.js';
import { MemoryWindowCounter, type WindowCounter } from './window-counter.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's standing against its rate limit, once counted. */
    rateLimit: RateLimitState | null;
  }
  interface FastifyInstance {
    /**
     * Counts an answer given before Fastify routed the request (plugins/errors.ts
     * answerClientError: 431, 408, malformed HTTP) against its address, and answers its headers.
     */
    rateLimitHeadersForAddress?: (ip: string) => Record<string, string> | Promise<Record<string, string>>;
  }
}

const windowMs = rateWindowSeconds * 1000;

/**
 * Rate limits per client and minute (spec, "Limits"), by the route's class (config.rateLimit).
 * The client is the bearer token's subject; requests without a token (OAuth endpoints, health,
 * JWKS, pages) count per client address at the standard rate. Counting costs one map update in
 * memory, one Redis round trip when REDIS_URL is set, or, in a worker of several processes on one
 * host without Redis (server/src/cluster), one message to the primary process, which counts for
 * all of them; never a database query.
 *
 * Registered after the auth plugin: its onRequest hook runs once the caller is known. A request
 * refused before it (a bad token) is counted in onSend, by address, so every response carries
 * the headers.
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, options: { countInClusterPrimary?: boolean; clock?: () => number }) => {
    const clock = options.clock ?? Date.now;
    app.decorateRequest('rateLimit', null);
    const counter: WindowCounter = app.config.redisUrl
      ? new RedisWindowCounter(app.config.redisUrl, app.config.rateLimitKeyPrefix, app.log)
      : options.countInClusterPrimary
        ? new ClusterWindowCounter(app.log)
        : new MemoryWindowCounter();
    if (counter instanceof RedisWindowCounter) await counter.connect();

    app.addHook('onRoute', (route) => {
      const rateClass = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
      if (rateClass !== undefined && !isRateClass(rateClass))
        throw new Error(`route ${String(route.method)} ${route.url} declares unknown rate-limit class ${String(rateClass)}`);
    });

    const stateOf = (rateClass: RateClass, subject: string | null, now: number, window: number, hits: number): RateLimitState => {
      const resetAtMs = (window + 1) * windowMs;
      return {
        rateClass,
        limit: limitFor(app.config, subject, rateClass),
        count: hits,
        resetSeconds: Math.max(1, Math.ceil((resetAtMs - now) / 1000)),
        resetAt: resetAtMs / 1000,
      };
    };
    /** Counts a request; synchronous with the in-memory counter, so the hot path makes no promise. */
    const countFor = (rateClass: RateClass, subject: string | null, ip: string): RateLimitState | Promise<RateLimitState> => {
      const now = clock();
      const window = Math.floor(now / windowMs);
      const hits = counter.hit(`${rateClass}:${subject === null ? `ip:${ip}` : `sub:${subject}`}:${window}`, window, windowMs);
      return typeof hits === 'number' ? stateOf(rateClass, subject, now, window, hits) : hits.then((n) => stateOf(rateClass, subject, now, window, n));
    };
    const count = (request: FastifyRequest): RateLimitState | Promise<RateLimitState> =>
      countFor(request.routeOptions.config?.rateLimit ?? 'standard', request.caller?.subject ?? null, request.ip);
    app.decorate('rateLimitHeadersForAddress', (ip: string) => {
      const state = countFor('standard', null, ip);
      return state instanceof Promise ? state.then((s) => rateLimitHeaders(s, rateWindowSeconds)) : rateLimitHeaders(state, rateWindowSeconds);
    });

    const refusal = (request: FastifyRequest, state: RateLimitState): Error | null => {
      request.rateLimit = state;
      if (!isExceeded(state)) return null;
      // The metrics count 429s by who refused them (metrics/plugin.ts); a throttle's are `credentials`.
      request.refusedBy = state.rateClass;
      const detail = `More than ${state.limit} ${state.rateClass} requests in a minute; try again in ${state.resetSeconds} s`;
      // OAuth endpoints answer RFC 6749 bodies: Auth0's `too_many_requests` extension code.
      return request.routeOptions.config?.oauthErrors ? new TooManyRequests(detail) : new ApiError('rate_limited', detail);
    };

    app.addHook('onRequest', (request, _reply, done) => {
      const state = count(request);
      if (state instanceof Promise) state.then((s) => done(refusal(request, s) ?? undefined), done);
      else done(refusal(request, state) ?? undefined);
    });

    const writeHeaders = (reply: FastifyReply, state: RateLimitState): void => {
      reply.headers(rateLimitHeaders(state, rateWindowSeconds));
      if (isExceeded(state) && reply.statusCode === 429) reply.header('retry-after', String(state.resetSeconds));
    };
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.rateLimit) {
        writeHeaders(reply, request.rateLimit);
        return done(null, payload);
      }
      // Refused before this plugin's onRequest (a bad token): counted now, by address.
      const state = count(request);
      const finish = (s: RateLimitState): void => {
        request.rateLimit = s;
        writeHeaders(reply, s);
        done(null, payload);
      };
      if (state instanceof Promise) state.then(finish, (error: Error) => done(error));
      else finish(state);
    });

    app.addHook('onClose', async () => counter.close());
  },
  { name: 'rate-limits', dependencies: ['auth', 'metrics'] },
);

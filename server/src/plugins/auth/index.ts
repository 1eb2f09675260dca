import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../errors/api-error.js';
import { grants, isKnownScope } from './scopes.js';
import type { Generations } from '../change-feed.js';
import { VerifiedTokenCache } from './verified-token-cache.js';
import { BearerTokenRejected, verifyBearerToken, type Caller } from './verify-bearer-token.js';

/**
 * What a route needs from its caller; every route must say (an unprotected route cannot be added
 * by forgetting). `public`: no token. `authenticated`: any valid token. `{ scope }`: a token
 * granted that scope (or admin:all). The OpenAPI document and README's scope table come from this.
 */
export type RouteAuth = 'public' | 'authenticated' | { scope: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The change counters read for this request (ChangeFeed.fresh()), for the caches behind it. */
    generations: Generations | null;
  }
}

const realm = 'Bearer realm="acctl"';

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('caller', null);
    app.decorateRequest('generations', null);
    const cache = new VerifiedTokenCache();

    app.addHook('onRoute', (route) => {
      const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth;
      if (!auth) throw new Error(`route ${String(route.method)} ${route.url} does not declare config.auth`);
      if (typeof auth === 'object' && !isKnownScope(auth.scope)) throw new Error(`route ${route.url} requires unknown scope ${auth.scope}`);
    });

    app.addHook('onRequest', async (request) => {
      const auth = request.routeOptions.config?.auth;
      if (!auth || auth === 'public') return;
      request.caller = await authenticate(app, request, cache);
      if (typeof auth === 'object' && !grants(request.caller.scopes, auth.scope)) {
        throw new ApiError('insufficient_scope', `This operation requires the ${auth.scope} scope`, {
          headers: { 'www-authenticate': `${realm}, error="insufficient_scope", scope="${auth.scope}"` },
        });
      }
    });
  },
  { name: 'auth', dependencies: ['db', 'signing-keys', 'change-feed'] },
);

/** RFC 6750: no error code when no token was sent (section 3.1), `invalid_token` when it is bad. */
async function authenticate(app: FastifyInstance, request: FastifyRequest, cache: VerifiedTokenCache): Promise<Caller> {
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object' && 'access_token' in query) {
    // RFC 6750 section 2.3 allows it, but URLs end up in logs and Referer headers (RFC 9700 2.4.1).
    throw new ApiError('token_in_query', 'Send the access token in the Authorization header, not in the URL');
  }
  const header = request.headers.authorization;
  if (!header) {
    throw new ApiError('unauthorized', 'Send an access token: Authorization: Bearer <token>', { headers: { 'www-authenticate': realm } });
  }
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!match) {
    throw invalidToken('The Authorization header must be "Bearer <token>"');
  }
  const token = match[1]!;
  const now = new Date();
  request.generations = await app.changeFeed.fresh();
  const cached = cache.get(token, request.generations.credentials, now);
  if (cached) return cached;
  try {
    const caller = await verifyBearerToken({ db: app.db, keys: app.signingKeys, issuer: app.config.publicUrl, now }, token);
    cache.set(token, caller, request.generations.credentials);
    return caller;
  } catch (error) {
    if (error instanceof BearerTokenRejected) throw invalidToken(`The access token was rejected: ${error.message}`);
    throw error;
  }
}

function invalidToken(detail: string): ApiError {
  const description = detail.replace(/"/g, "'");
  return new ApiError('invalid_token', detail, { headers: { 'www-authenticate': `${realm}, error="invalid_token", error_description="${description}"` } });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../errors/api-error.js';
import { changeContextOf } from '../../events/context.js';
import { failureEvent } from '../../events/event.js';
import type { DomainEvent } from '../../events/types.js';
import { hashSecret } from '../../security/secrets.js';
import { bearerChallenge, insufficientScope } from './insufficient-scope.js';
import { grants, isKnownScope } from '../../../../core/src/index.js';
import type { Generations } from '../change-feed.js';
import { BearerTokenRejected, type Caller, type VerifyBearerToken } from './caller.js';
import { VerifiedTokenCache } from './verified-token-cache.js';
import { DPoPProofRejected, DPoPProofVerifier, pruneExpiredProofJtis } from './dpop/index.js';
import { checkSenderConstraint, dpopChallenge, invalidDPoPProof, SchemeMismatch, type TokenScheme } from './sender-constraint.js';

/**
 * What a route needs from its caller; every route must say (an unprotected route cannot be added
 * by forgetting). `public`: no token. `authenticated`: any valid token. `{ scope }`: a token
 * granted that scope (or admin:all). The OpenAPI document and README's scope table come from this.
 */
export type RouteAuth = 'public' | 'authenticated' | { scope: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /**
     * 'checked_at_commit': the handler's write checks the change counters (decisions), so the
     * caller is authenticated with the known ones, without a read first; when the write finds
     * them moved on, the handler calls app.authenticateAgain with the current ones.
     */
    generations?: 'checked_at_commit';
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The change counters this request's caches are used at: ChangeFeed.fresh(), or known() (see `generations` above). */
    generations: Generations | null;
  }
  interface FastifyInstance {
    /** RFC 9449 proofs: of every protected request with a DPoP-bound token, and of the token endpoint's requests. */
    dpopProofs: DPoPProofVerifier;
    /** Authenticates the request's caller again at `generations` (newer than before), and checks the route's scope. */
    authenticateAgain(request: FastifyRequest, generations: Generations): Promise<void>;
  }
}

/** What authentication needs from the domains, passed in by app.ts (this plugin imports no domain). */
export interface AuthOptions {
  /** domains/api-tokens/verify-bearer-token.ts: API tokens and this service's access tokens. */
  verifyBearerToken: VerifyBearerToken;
  /** The audit log (app.auditLog): auth.failed is written in the background, without holding up the 401. */
  auditLog: { appendInBackground(events: DomainEvent[]): void };
  /** domains/api-tokens/token-use.ts: records an API token's last use (throttled), for cached callers too. */
  recordTokenUse?: (caller: Caller, now: Date) => Promise<void>;
  /** RFC 9728: the API's protected resource metadata (oauth's protectedResourceMetadataUrl), named in every 401's challenge. */
  resourceMetadataUrl: string;
}

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, options: AuthOptions) => {
    app.decorateRequest('caller', null);
    app.decorateRequest('generations', null);
    const cache = new VerifiedTokenCache();
    const proofs = new DPoPProofVerifier(app.db);
    app.decorate('dpopProofs', proofs);
    // A request authenticated again (authenticateAgain) has had its proof checked: its jti is spent.
    const provenRequests = new WeakSet<FastifyRequest>();

    app.addHook('onRoute', (route) => {
      const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth;
      if (!auth) throw new Error(`route ${String(route.method)} ${route.url} does not declare config.auth`);
      if (typeof auth === 'object' && !isKnownScope(auth.scope)) throw new Error(`route ${route.url} requires unknown scope ${auth.scope}`);
    });

    const authorize = async (request: FastifyRequest, generations?: Generations): Promise<void> => {
      const auth = request.routeOptions.config?.auth;
      if (!auth || auth === 'public') return;
      request.caller = await authenticate(app, options, request, { cache, proofs, provenRequests }, generations);
      if (options.recordTokenUse && !generations) {
        // Bookkeeping: a failure to record it is logged, and never refuses a valid token.
        await options
          .recordTokenUse(request.caller, new Date())
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not record the API token use'));
      }
      if (typeof auth === 'object' && !grants(request.caller.scopes, auth.scope)) {
        throw insufficientScope(auth.scope, `This operation requires the ${auth.scope} scope`);
      }
    };
    app.addHook('onRequest', async (request) => authorize(request));
    app.decorate('authenticateAgain', authorize);

    let pruning: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      pruning = setInterval(() => {
        pruneExpiredProofJtis(app.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'pruning expired DPoP proof jtis failed'));
      }, pruneProofJtisEverySeconds * 1000);
      pruning.unref();
    });
    app.addHook('onClose', async () => clearInterval(pruning));
  },
  { name: 'auth', dependencies: ['db', 'change-feed'] },
);

/** A proof's jti is remembered for about 6 minutes (dpop/check-iat.ts): every 5 minutes clears the spent ones. */
const pruneProofJtisEverySeconds = 5 * 60;

interface AuthState {
  cache: VerifiedTokenCache;
  proofs: DPoPProofVerifier;
  provenRequests: WeakSet<FastifyRequest>;
}

/**
 * RFC 6750: no error code when no token was sent (section 3.1), `invalid_token` when it is bad.
 * RFC 9449 section 7: a DPoP-bound token needs the DPoP scheme and a proof (sender-constraint.ts).
 */
async function authenticate(app: FastifyInstance, options: AuthOptions, request: FastifyRequest, state: AuthState, generations?: Generations): Promise<Caller> {
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object' && 'access_token' in query) {
    // RFC 6750 section 2.3 allows it, but URLs end up in logs and Referer headers (RFC 9700 2.4.1).
    throw new ApiError('token_in_query', 'Send the access token in the Authorization header, not in the URL');
  }
  const header = request.headers.authorization;
  if (!header) {
    throw new ApiError('unauthorized', 'Send an access token: Authorization: Bearer <token>', {
      headers: { 'www-authenticate': bearerChallenge(options.resourceMetadataUrl) },
    });
  }
  const match = /^(Bearer|DPoP) +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!match) {
    recordRejection(options, request, 'the Authorization header is not "Bearer <token>" nor "DPoP <token>"', null, null);
    throw invalidToken(options, 'The Authorization header must be "Bearer <token>" or "DPoP <token>"');
  }
  const scheme: TokenScheme = match[1]!.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
  const token = match[2]!;
  const now = new Date();
  request.generations =
    generations ?? (request.routeOptions.config?.generations === 'checked_at_commit' ? app.changeFeed.known() : undefined) ?? (await app.changeFeed.fresh());
  const caller = await verifiedCaller(options, request, state.cache, token, now);
  if (state.provenRequests.has(request)) return caller;
  try {
    await checkSenderConstraint(state.proofs, request, { publicUrl: app.config.publicUrl, scheme, token, caller, now });
  } catch (error) {
    if (!(error instanceof DPoPProofRejected || error instanceof SchemeMismatch)) throw error;
    recordRejection(options, request, error.message, token, caller.kind);
    if (error instanceof SchemeMismatch)
      throw invalidToken(options, `The access token was rejected: ${error.message}`, dpopChallenge('invalid_token', error.message));
    throw invalidDPoPProof(error.message);
  }
  if (scheme === 'DPoP') state.provenRequests.add(request);
  return caller;
}

/** The caller of a token: from the cache of verified tokens, or verified now. */
async function verifiedCaller(options: AuthOptions, request: FastifyRequest, cache: VerifiedTokenCache, token: string, now: Date): Promise<Caller> {
  const generation = request.generations!.credentials;
  const cached = cache.get(token, generation, now);
  if (cached) return cached;
  try {
    const caller = await options.verifyBearerToken(token, now);
    cache.set(token, caller, generation);
    return caller;
  } catch (error) {
    if (error instanceof BearerTokenRejected) {
      recordRejection(options, request, error.message, token, error.tokenKind);
      throw invalidToken(options, `The access token was rejected: ${error.message}`);
    }
    throw error;
  }
}

/**
 * auth.failed for a rejected bearer token. Nothing changes, so there is no transaction to join:
 * the audit log's background writer writes it with others in one transaction, without holding up the 401. The
 * token itself is never recorded, only a fingerprint (the first 16 hex digits of its SHA-256) that
 * tells repeated attempts with one token apart.
 */
function recordRejection(options: AuthOptions, request: FastifyRequest, reason: string, token: string | null, tokenKind: Caller['kind'] | null): void {
  const target = { type: 'endpoint', id: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}` };
  const data = { credential: 'bearer_token', token_kind: tokenKind, token_fingerprint: token === null ? null : hashSecret(token).slice(0, 16) };
  options.auditLog.appendInBackground([failureEvent(changeContextOf(request), 'auth.failed', target, reason, data)]);
}

/** 401 invalid_token: the Bearer challenge (with RFC 9728's resource_metadata), or DPoP's (RFC 9449 section 7.1) when given. */
function invalidToken(options: AuthOptions, detail: string, challenge?: Record<string, string>): ApiError {
  return new ApiError('invalid_token', detail, {
    headers: challenge ?? { 'www-authenticate': bearerChallenge(options.resourceMetadataUrl, { code: 'invalid_token', description: detail }) },
  });
}

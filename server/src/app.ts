import { setPasswordHashCost } from './security/passwords.js';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import type { Config } from './config/config.js';
import { apiTokenRoutes, apiTokenUseRecorder, bearerTokenVerifier } from './domains/api-tokens/index.js';
import { authzenRoutes } from './domains/authzen/index.js';
import { auditLogPlugin, auditPlugin, auditRoutes, type RecordedEventsSubscriber } from './domains/audit/index.js';
import { decisionRoutes, decisionsPlugin } from './domains/decisions/index.js';
import { healthRoutes } from './domains/health/index.js';
import { collectRouteTable, metaRoutes } from './domains/meta/index.js';
import {
  authorizationServerMetadataRoute,
  delegationGrantRoutes,
  oauthRoutes,
  protectedResourceMetadataRoute,
  protectedResourceMetadataUrl,
} from './domains/oauth/index.js';
import { policyRoutes } from './domains/policies/index.js';
import { principalRoutes } from './domains/principals/index.js';
import { webRoutes } from './domains/web/index.js';
import { createWebhookOutbox, webhookOutbox, webhookRoutes, webhooksPlugin } from './domains/webhooks/index.js';
import { answerClientError } from './http/client-errors.js';
import { conditionalGetPlugin } from './http/conditional-get.js';
import { requestDeadlinePlugin } from './http/request-deadline.js';
import { clientRequestIdOf, serverRequestId } from './http/request-id.js';
import { paginationLinksPlugin } from './http/pagination-links.js';
import { loggerOptions } from './logging.js';
import { metricsPlugin } from './metrics/plugin.js';
import { authPlugin } from './plugins/auth/index.js';
import { changeFeedPlugin } from './plugins/change-feed.js';
import { jobQueuePlugin } from './plugins/job-queue.js';
import { dbPlugin } from './plugins/db.js';
import { idempotencyPlugin } from './plugins/idempotency/index.js';
import { answerFrameworkError, errorsPlugin } from './plugins/errors.js';
import { inputBoundaryPlugin } from './plugins/input-boundary.js';
import { rateLimitsPlugin } from './plugins/rate-limits/index.js';
import { schemaValidationPlugin } from './plugins/schema-validation.js';
import { signingKeysPlugin } from './plugins/signing-keys.js';
import type { RsaKeyPair } from './keys/signing-key-store.js';
import { named, registerRoutes } from './http/named-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<Config>;
  }
}

/**
 * Who hears the events of every recorded change, in the change's transaction: the webhook outbox.
 * Passed to each audit log where it is built (server.ts's bootstrap, admin/database.ts; buildApp
 * builds its own from the configuration, with its backlog cap), so the audit domain calls no
 * domain above it and no import wires anything by its side effect.
 */
export const recordedEventsSubscribers: readonly RecordedEventsSubscriber[] = [webhookOutbox];

export interface BuildAppOptions {
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** A worker of `--workers N` (cluster/worker.ts): without Redis, its primary process counts the rate limits. */
  clusterWorker?: boolean;
  /** Who hears recorded changes' events in their transaction: recordedEventsSubscribers (the webhook outbox) by default. */
  subscribers?: readonly RecordedEventsSubscriber[];
  /** The clock (ms since the epoch) whose minutes are the rate-limit windows: Date.now by default; tests pin it inside a window. */
  rateLimitClock?: () => number;
  /** The signing key pair of a database that has none (keys/signing-key-store.ts): made on the spot by default; tests hand one made ahead. */
  firstKeyPair?: () => Promise<RsaKeyPair>;
}

/**
 * Builds the application: infrastructure plugins, then the domains under /v1. Never listens
 * (server.ts does), so tests build it and call inject() or listen on port 0. The schema must
 * already be migrated.
 */
export async function buildApp(config: Readonly<Config>, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: config.bodyLimit,
    // Fastify leaves Node's request timeout off (0). Node's covers a request until its handler runs
    // (headers sent slowly); http/request-deadline.ts covers its body. Node checks every
    // connectionsCheckingInterval (30 s by default); a tenth of the timeout keeps it within 10%.
    requestTimeout: config.requestTimeoutMs,
    http: { connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.requestTimeoutMs / 10))) },
    trustProxy: config.trustProxy,
    // The server's id, never the caller's (http/request-id.ts); the caller's is logged beside it.
    genReqId: () => serverRequestId(),
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    childLoggerFactory: (logger, bindings, options, raw) => {
      const clientRequestId = clientRequestIdOf(raw.headers['x-request-id']);
      return logger.child(clientRequestId === null ? bindings : { ...bindings, client_request_id: clientRequestId }, options);
    },
    routerOptions: { maxParamLength: 200 },
    // Refuse, rather than silently strip, JSON keys that could pollute prototypes.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A closing server's answer is the errors plugin's (problem+json or RFC 6749), not Fastify's own body.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  try {
    await assemble(app, config, options);
  } catch (error) {
    // A start that fails half-way (wrong key-encryption key, database away) must not leave pool
    // connections or timers behind.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** Infrastructure plugins first, then the domains under /v1. */
async function assemble(app: FastifyInstance, config: Readonly<Config>, options: BuildAppOptions): Promise<void> {
  app.decorate('config', config);
  await app.register(fp(async () => {}, { name: 'config' }));
  setPasswordHashCost(config.passwordHashCost);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(requestDeadlinePlugin, { timeoutMs: config.requestTimeoutMs });
  collectRouteTable(app);

  // As the default JSON parser (prototype poisoning refused), but an empty body is no body: the
  // spec has clients send Content-Type: application/json on every request, DELETE included.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const parseJsonOrEmpty = (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void): void => {
    const text = body.toString();
    if (text.trim() === '') done(null, undefined);
    else void parseJson(request, text, done);
  };
  // RFC 7396 merge patches are JSON too (PATCH /principals/{id}).
  app.addContentTypeParser(['application/json', 'application/merge-patch+json'], { parseAs: 'string' }, parseJsonOrEmpty);
  // Fastify parses text/plain by default; the API takes JSON (forms only where OAuth and the
  // pages need them: domains/oauth/routes.ts, domains/web/routes.ts), so anything else is a 415.
  app.removeContentTypeParser('text/plain');
  await app.register(errorsPlugin);
  await app.register(inputBoundaryPlugin);
  await app.register(schemaValidationPlugin);
  // HTTP semantics every route shares: 304 for If-None-Match, Link headers on lists.
  await app.register(conditionalGetPlugin);
  await app.register(paginationLinksPlugin);
  await app.register(dbPlugin);
  await app.register(metricsPlugin, { clusterWorker: options.clusterWorker === true });
  await app.register(auditLogPlugin, {
    subscribers: options.subscribers ?? [
      createWebhookOutbox({
        maxPendingDeliveries: config.webhookMaxPendingDeliveries,
        onDropped: (dropped) => {
          for (const [webhookId, count] of dropped) {
            app.metrics.webhookDeliveriesDropped(count);
            app.log.warn({ webhook_id: webhookId, dropped: count }, 'webhook backlog full (webhookMaxPendingDeliveries): deliveries written failed, not sent');
          }
        },
      }),
    ],
  });
  await app.register(changeFeedPlugin);
  await app.register(signingKeysPlugin, { firstKeyPair: options.firstKeyPair });
  await app.register(authPlugin, {
    verifyBearerToken: bearerTokenVerifier({
      db: app.db,
      keys: app.signingKeys,
      issuer: config.publicUrl,
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    }),
    auditLog: app.auditLog,
    recordTokenUse: apiTokenUseRecorder(app.db),
    resourceMetadataUrl: protectedResourceMetadataUrl(config.publicUrl),
  });
  await app.register(rateLimitsPlugin, {
    countInClusterPrimary: options.clusterWorker === true,
    ...(options.rateLimitClock ? { clock: options.rateLimitClock } : {}),
  });
  await app.register(idempotencyPlugin);
  await app.register(decisionsPlugin);
  await app.register(jobQueuePlugin);
  await app.register(auditPlugin);
  await app.register(webhooksPlugin);

  await registerRoutes(app, [authorizationServerMetadataRoute, protectedResourceMetadataRoute, authzenRoutes]);
  await app.register(
    named(
      (v1) =>
        registerRoutes(v1, [
          healthRoutes,
          metaRoutes,
          oauthRoutes,
          delegationGrantRoutes,
          apiTokenRoutes,
          policyRoutes,
          principalRoutes,
          decisionRoutes,
          webRoutes,
          auditRoutes,
          webhookRoutes,
        ]),
      'v1',
    ),
    { prefix: '/v1' },
  );
}

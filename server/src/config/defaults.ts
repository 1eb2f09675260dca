/**
 * Every server option with its default, in one place (node-oidc-provider's `defaults` habit).
 * README.md's configuration table lists the same options with their environment variables.
 */
export const defaults = {
  /** Interface to listen on. 127.0.0.1 so a development server is not exposed by accident. */
  host: '127.0.0.1',
  port: 8080,
  /** Folder for the embedded PostgreSQL and its generated secrets, used when no DATABASE_URL is set. */
  dataDir: '.acctl',
  logLevel: 'info',
  /** Largest accepted request body in bytes; larger bodies get 413 `payload_too_large`. */
  bodyLimit: 1_048_576,
  /** Spec, "Limits": access tokens last 3600 seconds. */
  accessTokenTtlSeconds: 3600,
  /** How often a replica re-reads the signing keys, so a rotation made elsewhere is picked up. */
  keyRefreshSeconds: 60,
  /** How long a retired signing key stays in the JWKS: the token lifetime plus clock-skew room. */
  keyRetentionSeconds: 3600 + 300,
  /** Size of the PostgreSQL connection pool of one replica. */
  dbPoolMax: 10,
  /**
   * Server processes on one host (Node's cluster module, one shared port). One: a single process,
   * as most deployments run replicas behind a load balancer instead; `auto` is one per core.
   */
  workers: 1,
  /** Whether to trust X-Forwarded-* headers (behind a load balancer). */
  trustProxy: false,
  /**
   * Redirect URIs must be https, or http on the loopback interface: an authorization code sent in
   * clear can be read on the way (RFC 9700 section 2.6; OAuth 2.1 forbids them).
   */
  allowInsecureRedirectUris: false,
  /**
   * Which decisions get a decision.evaluated audit event: every one (the default), only denials,
   * or none (Cerbos's decision-log filters offer the same choice). Every decision is still stored.
   */
  auditDecisionEvents: 'all',
  /** Decisions and their decision.evaluated events older than this are deleted, by month (0: kept forever); change events are never deleted. 90 days, as Okta's System Log keeps. */
  auditDecisionRetentionDays: 90,
  /** Webhook URLs must be https: a signed payload is still readable on the wire. */
  webhooksAllowHttp: false,
  /** Refuse receivers on private, loopback and link-local addresses (SSRF), as node-oidc-provider does. */
  webhooksAllowPrivateNetworks: false,
  /** A receiver that has not answered in 10 s has failed this attempt (GitHub waits 10 s, Stripe a little more). */
  webhookTimeoutMs: 10_000,
  /** Deliveries in flight at once on one replica, so a slow receiver never holds up the others; 0 delivers none. */
  webhookConcurrency: 8,
  /** How often an idle delivery worker asks the queue for work. */
  webhookPollingIntervalSeconds: 2,
  /** Attempts per delivery: the first and 7 retries, 1 min to 8 h apart (about 22 h in all). */
  webhookMaxAttempts: 8,
  /** Delay before the first retry; each next delay is 4 times the previous one, with +-20% jitter. */
  webhookRetryBaseDelayMs: 60_000,
  webhookRetryMaxDelayMs: 8 * 3600_000,
  /** A webhook is disabled after this many deliveries in a row that used up every attempt... */
  webhookDisableAfterFailedDeliveries: 5,
  /** ...or when it has been failing, without a success in between, for this long (5 days, like Svix). */
  webhookDisableAfterFailingSeconds: 5 * 86400,
  /** Spec, "Limits": requests per client and minute on standard, decision and bulk endpoints. */
  rateLimitStandard: 1000,
  rateLimitDecision: 10_000,
  rateLimitBulk: 100,
  rateLimitKeyPrefix: 'acctl:ratelimit:',
} as const;

import os from 'node:os';
import { ConfigError } from './config-error.js';
import { boolean, decimal, integer, json, oneOf, parseJsonText, text, type ConfigurationOption } from './option-kinds.js';

// What the table's readers outside config/ need (the docs table, the CLI's flags): one module to import.
export { optionFlagName, readsWholeNumber, type ConfigurationOption, type OptionValue } from './option-kinds.js';

/** The most server processes one host runs (workers). */
const maxWorkers = 64;

/** Limits per class for one client (its token subject); a class not named keeps the default. */
export type RateLimitOverrides = Record<string, { standard?: number; decision?: number; bulk?: number }>;

const requestsPerMinute = { minimum: 1, maximum: 100_000_000 } as const;

/**
 * Every server option, declared once: its environment variables, its `acctl server start` flag,
 * the JSON Schema of its value, its default and its description (node-oidc-provider's one
 * `defaults` file that feeds its docs). Config and makeConfig, configFromEnv, the configuration's
 * JSON Schema, the flags of `acctl server start` and docs/configuration.md's table (`npm run
 * docs:config`) are all derived from it. The order is the documentation's and the schema's, which
 * orders the problems of an invalid configuration. `bootstrap.*` are the members of Config's
 * `bootstrap` object.
 */
export const configurationOptions = {
  host: text({
    env: ['ACCTL_HOST'],
    flag: {},
    schema: { minLength: 1 },
    // 127.0.0.1 so that a development server is not exposed by accident.
    default: '127.0.0.1',
    description: 'Interface to listen on. Use 0.0.0.0 in a container.',
  }),
  port: integer({
    env: ['PORT', 'ACCTL_PORT'],
    flag: {},
    schema: { minimum: 0, maximum: 65535 },
    default: 8080,
    description: 'TCP port to listen on; 0 picks a free one.',
  }),
  publicUrl: text({
    env: ['ACCTL_PUBLIC_URL'],
    flag: { helpValue: 'https://...' },
    schema: { pattern: '^https?://[^/?#]+$' },
    default: ({ host, port }) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    defaultText: '`http://<host>:<port>`',
    // The issuer and audience of tokens are compared as strings: one form, without a trailing slash.
    normalize: (url) => url.replace(/\/+$/, ''),
    description: 'Origin (scheme, host, port; no path) clients use to reach the service: the issuer and audience of access tokens. Set it behind a proxy.',
  }),
  resources: json<string[]>()({
    env: ['ACCTL_RESOURCES'],
    // RFC 8707 section 2: a resource is an absolute URI that must not have a fragment and should
    // not have a query: one API, one identifier to compare.
    schema: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'string', maxLength: 2000, pattern: '^https?://[^/?#\\s]+(/[^?#\\s]*)?$' } },
    fromText: (raw: string) => (raw.trim().startsWith('[') ? (parseJsonText(raw) as string[]) : raw.split(/[\s,]+/).filter(Boolean)),
    default: [],
    defaultText: 'none',
    description:
      "Other APIs (RFC 8707 resource identifiers: absolute `https://` URIs, `http://` for development; no query or fragment) that clients may ask access tokens for with `resource`; such a token's `aud` is that API, and this server's own API refuses it. Space- or comma-separated, or a JSON array. This server's own API is always one: its identifier is `publicUrl` (docs/oauth.md, \"Resource indicators\").",
  }),
  databaseUrl: text({
    env: ['DATABASE_URL'],
    flag: { helpValue: 'postgres://...' },
    schema: { pattern: '^postgres(ql)?://' },
    required: true,
    defaultText: 'embedded PostgreSQL in the data folder',
    description: 'PostgreSQL connection URL (`postgres://...`). Without it, an embedded PostgreSQL is started for a single local server.',
  }),
  keyEncryptionKey: text({
    env: ['ACCTL_KEY_ENCRYPTION_KEY'],
    schema: { minLength: 1 },
    required: true,
    check: (key) =>
      Buffer.from(key, 'base64').length === 32
        ? undefined
        : 'ACCTL_KEY_ENCRYPTION_KEY must be 32 random bytes in base64 (for example: openssl rand -base64 32)',
    defaultText: 'generated in `<data folder>/secrets.json` (embedded PostgreSQL only)',
    description:
      'Encrypts signing keys at rest (AES-256-GCM): 32 random bytes in base64 (`openssl rand -base64 32`). Required with DATABASE_URL; the same on every replica.',
  }),
  dataDir: text({
    env: ['ACCTL_DATA_DIR'],
    flag: { helpValue: 'DIR' },
    startOnly: true,
    default: '.acctl',
    description:
      'Folder of the embedded PostgreSQL and its generated secrets; used only without DATABASE_URL. Run as root, PostgreSQL keeps its files in /var/lib/acctl when the postgres user cannot enter this folder.',
  }),
  logLevel: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    env: ['ACCTL_LOG_LEVEL'],
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent. Logs are JSON lines on stdout.',
  }),
  bodyLimit: integer({
    env: ['ACCTL_BODY_LIMIT'],
    schema: { minimum: 1024, maximum: 104857600 },
    default: 1_048_576,
    description: 'Largest accepted request body in bytes; larger bodies are answered 413 `payload_too_large`.',
  }),
  requestTimeoutMs: integer({
    env: ['ACCTL_REQUEST_TIMEOUT_MS'],
    schema: { minimum: 1000, maximum: 3_600_000 },
    // Node's own default for http.Server: long enough for the largest change set (32 MiB) at about
    // 110 KB/s, short enough that a client that stops sending does not hold a connection for ever.
    default: 300_000,
    description:
      'How long a client has to send a whole request (headers and body), in milliseconds; one that has not is answered 408 `request_timeout` and its connection closed. Checked about every tenth of it (at most every 30 s).',
  }),
  accessTokenTtlSeconds: integer({
    schema: { minimum: 60, maximum: 86400 },
    // Spec, "Limits": access tokens last 3600 seconds.
    default: 3600,
    description: 'Lifetime of access tokens in seconds (spec: 3600).',
  }),
  maxDelegationDepth: integer({
    schema: { minimum: 1, maximum: 10 },
    // Issue #36: a user's agent may hand on to one sub-agent; each further hop is asked for.
    default: 2,
    description:
      'How many actors a token exchanged under RFC 8693 may nest in its `act` claim (the agent, then each agent it hands on to); an exchange that would go deeper is refused with invalid_grant.',
  }),
  delegationGrantMaxDays: integer({
    schema: { minimum: 1, maximum: 3650 },
    // Issue #36: a consent to an agent ends on a date; a quarter, so an agent the user forgot loses access.
    default: 90,
    description:
      'The longest a user may allow an agent to act for them on the delegations page (`/v1/ui/delegations`), in days; the form offers 30 days, or this when shorter. Give it again to renew.',
  }),
  keyRefreshSeconds: integer({
    schema: { minimum: 1 },
    default: 60,
    description: 'How often a replica re-reads the signing keys, a fallback: a rotation made elsewhere is picked up at once through the change feed.',
  }),
  keyRetentionSeconds: integer({
    schema: { minimum: 0 },
    // The token lifetime plus 300 s of clock skew: a token signed just before the rotation still verifies.
    default: 3600 + 300,
    description: 'How long a retired signing key stays in the JWKS: the token lifetime plus clock-skew room.',
  }),
  passwordHashCost: integer({
    env: ['ACCTL_PASSWORD_HASH_COST'],
    schema: { minimum: 10, maximum: 20 },
    // OWASP's Password Storage Cheat Sheet: scrypt N=2^17 (r=8, p=1), 128 MiB and about half a
    // second of a core per hash. Lower costs are for tests and throw-away development servers.
    default: 17,
    description:
      "scrypt cost of new password hashes, as log2 of N (r=8, p=1): 17, OWASP's recommendation, is the default. Each step down halves the work and memory; lower it only for tests and throw-away servers. A stored hash keeps the cost it was made with.",
  }),
  dbPoolMax: integer({
    env: ['ACCTL_DB_POOL_MAX'],
    schema: { minimum: 1, maximum: 1000 },
    default: 10,
    description: 'Size of the PostgreSQL connection pool of one replica.',
  }),
  workers: integer({
    env: ['ACCTL_WORKERS'],
    flag: { helpValue: 'N|auto' },
    schema: { minimum: 1, maximum: maxWorkers },
    fromText: parseWorkers,
    whenInvalid: (workers) =>
      `The number of workers (ACCTL_WORKERS, --workers) must be a whole number from 1 to ${maxWorkers} or "auto", got ${String(workers)}`,
    // One process: most deployments run replicas behind a load balancer instead.
    default: 1,
    description:
      'Server processes on this host, sharing its port (Node cluster): a whole number from 1 to 64, or `auto` (one per available core). Each process has its own pool of `ACCTL_DB_POOL_MAX` connections. Without REDIS_URL the first process counts the rate limits for all of them.',
  }),
  // A port of its own, as Keycloak's management interface, Ory Hydra's admin port and Dex's
  // telemetry address: off unless asked for, then reachable where the operator lets it be.
  metricsPort: integer({
    env: ['ACCTL_METRICS_PORT'],
    schema: { minimum: 0, maximum: 65535 },
    default: 0,
    defaultText: '0 (no metrics listener)',
    description:
      "TCP port of the metrics listener: `GET /metrics` in the Prometheus text format, without authentication, apart from the API (docs/metrics.md). 0 opens none. With several workers the first process serves it, with the workers' metrics added up.",
  }),
  metricsHost: text({
    env: ['ACCTL_METRICS_HOST'],
    schema: { minLength: 1 },
    default: ({ host }) => host,
    defaultText: 'the value of `host`',
    description:
      "Interface the metrics listener listens on: keep it where only your Prometheus reaches it (127.0.0.1, or a network the API's clients are not on).",
  }),
  trustProxy: boolean({
    env: ['ACCTL_TRUST_PROXY'],
    default: false,
    description: '`true` to trust X-Forwarded-* headers (behind a load balancer).',
  }),
  allowInsecureRedirectUris: boolean({
    env: ['ACCTL_ALLOW_INSECURE_REDIRECT_URIS'],
    // An authorization code sent in clear can be read on the way (RFC 9700 section 2.6; OAuth 2.1 forbids them).
    default: false,
    description:
      '`true` to register OAuth clients with `http://` redirect URIs on any host (the dashboard; `acctl server client create` reads the same variable, or takes `--allow-insecure-redirect-uris`). Otherwise a redirect URI is `https://`, or `http://` on 127.0.0.1, [::1] or localhost (RFC 9700 section 2.6). For development only.',
  }),
  auditDecisionEvents: oneOf(['all', 'deny', 'none', 'digest'], {
    env: ['ACCTL_AUDIT_DECISION_EVENTS'],
    // Cerbos's decision-log filters offer the same choice.
    default: 'all',
    description:
      'Which decisions get a `decision.evaluated` audit event: `all`, `deny` (denials only) or `none`; or `digest`: instead, one `decisions.recorded` event per recording write, naming each of its decisions and covering their full records with one SHA-256 digest that `acctl audit verify` checks against the stored decisions (one audit row per write instead of per decision: docs/performance.md; docs/events.md). Every decision is stored for `GET /v1/decisions/{id}` either way.',
  }),
  auditDecisionRetentionDays: integer({
    env: ['ACCTL_AUDIT_DECISION_RETENTION_DAYS'],
    schema: { minimum: 0, maximum: 36500 },
    // 90 days, as Okta's System Log keeps.
    default: 90,
    description:
      'Days after which decisions and their `decision.evaluated` audit events are deleted by an hourly job, a whole month at a time (a month goes once it ended that many days ago); `0` keeps them forever. Change and authentication events are never deleted.',
  }),
  webhooksAllowHttp: boolean({
    env: ['ACCTL_WEBHOOKS_ALLOW_HTTP'],
    // A signed payload is still readable on the wire.
    default: false,
    description: '`true` to accept `http://` webhook URLs. Otherwise only `https://` receivers are accepted. For development and tests.',
  }),
  webhooksAllowPrivateNetworks: boolean({
    env: ['ACCTL_WEBHOOKS_ALLOW_PRIVATE_NETWORKS'],
    // Refused against SSRF, as node-oidc-provider does.
    default: false,
    description:
      '`true` to deliver webhooks to private, loopback and link-local addresses (10/8, 127/8, 169.254/16, fc00::/7 and the like); the server then logs a warning at start. Otherwise such a URL is refused at creation, and at every delivery after resolving its host.',
  }),
  webhookTimeoutMs: integer({
    env: ['ACCTL_WEBHOOK_TIMEOUT_MS'],
    schema: { minimum: 1, maximum: 120000 },
    // GitHub waits 10 s, Stripe a little more.
    default: 10_000,
    description: 'How long a webhook receiver has to answer one delivery attempt, in milliseconds.',
  }),
  webhookConcurrency: integer({
    env: ['ACCTL_WEBHOOK_CONCURRENCY'],
    schema: { minimum: 0, maximum: 100 },
    default: 8,
    description:
      'Webhook deliveries one replica makes at once, taken a webhook at a time in turn, one attempt in flight per webhook: a slow receiver holds up only its own. `0`: this replica delivers none (others do).',
  }),
  webhookPollingIntervalSeconds: decimal({
    // One claim query per replica and interval while idle.
    schema: { minimum: 0.5, maximum: 60 },
    default: 2,
    description: 'How often an idle webhook delivery worker looks for due deliveries, in seconds (at least 0.5).',
  }),
  webhookMaxPendingDeliveries: integer({
    env: ['ACCTL_WEBHOOK_MAX_PENDING_DELIVERIES'],
    schema: { minimum: 1, maximum: 1_000_000 },
    // A day of one event a second for a receiver that is down would be 86,400: far past any use in sending them late one by one.
    default: 10_000,
    description:
      'Deliveries one webhook may have pending (waiting for a first attempt or a retry). A change that would pass it writes its deliveries to that webhook `failed` without an attempt, to redeliver later, and counts them in `acctl_webhook_deliveries_dropped_total` (docs/webhooks.md#backlog).',
  }),
  webhookMaxAttempts: integer({
    schema: { minimum: 1, maximum: 30 },
    // The first and 7 retries, 1 min to 8 h apart: about 22 h in all.
    default: 8,
    description: 'Attempts per webhook delivery, the first one included.',
  }),
  webhookRetryBaseDelayMs: integer({
    schema: { minimum: 1 },
    default: 60_000,
    description: 'Delay before the first retry of a failed delivery, in milliseconds; each next delay is 4 times longer, with +-20% jitter.',
  }),
  webhookRetryMaxDelayMs: integer({
    schema: { minimum: 1 },
    default: 8 * 3600_000,
    description: 'Longest delay between two attempts of a delivery, in milliseconds.',
  }),
  webhookDisableAfterFailedDeliveries: integer({
    schema: { minimum: 1 },
    default: 5,
    description: 'A webhook is disabled (event `webhook.disabled`) after this many deliveries in a row have failed every attempt...',
  }),
  webhookDisableAfterFailingSeconds: integer({
    schema: { minimum: 1 },
    // 5 days, as Svix.
    default: 5 * 86400,
    description: '...or when its deliveries have been failing for this many seconds without a success in between.',
  }),
  // Spec, "Limits": requests per client and minute on standard, decision and bulk endpoints.
  rateLimitStandard: integer({
    env: ['ACCTL_RATE_LIMIT_STANDARD'],
    schema: requestsPerMinute,
    default: 1000,
    description: 'Requests per client and minute on standard endpoints (docs/api.md#rate-limits).',
  }),
  rateLimitDecision: integer({
    env: ['ACCTL_RATE_LIMIT_DECISION'],
    schema: requestsPerMinute,
    default: 10_000,
    description:
      'Requests per client and minute on the decision endpoints (`POST /v1/decisions/evaluate`, `POST /v1/decisions/plan`, `GET /v1/decisions/{id}`).',
  }),
  rateLimitBulk: integer({
    env: ['ACCTL_RATE_LIMIT_BULK'],
    schema: requestsPerMinute,
    default: 100,
    description: 'Requests per client and minute on bulk operations (`POST /v1/decisions/batch`, `POST /v1/audit/reports`, `GET /v1/audit/verify`).',
  }),
  rateLimitOverrides: json<RateLimitOverrides>()({
    env: ['ACCTL_RATE_LIMIT_OVERRIDES'],
    schema: {
      type: 'object',
      maxProperties: 10_000,
      propertyNames: { minLength: 1, maxLength: 200 },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          standard: { type: 'integer', ...requestsPerMinute },
          decision: { type: 'integer', ...requestsPerMinute },
          bulk: { type: 'integer', ...requestsPerMinute },
        },
      },
    },
    default: {},
    defaultText: 'none',
    description:
      'Other limits for named clients, as JSON: token subject (the client id of a client_credentials token, the principal id of a user) to limits per class, e.g. `{"billing":{"decision":50000}}`. A class not named keeps the default.',
  }),
  redisUrl: text({
    env: ['REDIS_URL'],
    schema: { pattern: '^(rediss?://.*)?$' },
    default: '',
    defaultText: 'none (each replica counts in memory)',
    description:
      'Redis (`redis://...`) where every replica counts rate limits, so the limits hold across replicas. If Redis cannot be reached, each replica counts alone meanwhile (fail open, with a warning in the log).',
  }),
  rateLimitKeyPrefix: text({
    env: ['ACCTL_RATE_LIMIT_KEY_PREFIX'],
    schema: { maxLength: 100 },
    default: 'acctl:ratelimit:',
    description: 'Prefix of the rate-limit counters in Redis, for deployments that share one Redis.',
  }),
  'bootstrap.clientId': text({
    env: ['ACCTL_BOOTSTRAP_CLIENT_ID'],
    schema: { minLength: 1, maxLength: 200 },
    givenWith: ['bootstrap.clientSecret'],
    defaultText: 'none',
    description: 'With the secret below: a confidential client_credentials client allowed `admin:all` is created (or updated) at start.',
  }),
  'bootstrap.clientSecret': text({
    env: ['ACCTL_BOOTSTRAP_CLIENT_SECRET'],
    schema: { minLength: 32, maxLength: 512 },
    givenWith: ['bootstrap.clientId'],
    defaultText: 'none',
    description: "Secret of the bootstrap client, at least 32 characters. Changing it changes the client's secret at the next start.",
  }),
  'bootstrap.adminUsername': text({
    env: ['ACCTL_BOOTSTRAP_ADMIN_USERNAME'],
    schema: { minLength: 1, maxLength: 200 },
    givenWith: ['bootstrap.adminPassword'],
    defaultText: 'none',
    description: 'With the password below: a human admin user is created (or its password updated) at start.',
  }),
  'bootstrap.adminPassword': text({
    env: ['ACCTL_BOOTSTRAP_ADMIN_PASSWORD'],
    schema: { minLength: 12, maxLength: 1024 },
    givenWith: ['bootstrap.adminUsername'],
    defaultText: 'none',
    description: 'Password of the bootstrap admin user, at least 12 characters.',
  }),
};

/** The name of an option: a key of Config, `bootstrap.` and a member of Config's bootstrap, or dataDir. */
export type ConfigOptionName = keyof typeof configurationOptions;

/** The table's entries in its order, each option with its name. */
export const configurationOptionEntries = Object.entries(configurationOptions) as ReadonlyArray<[ConfigOptionName, ConfigurationOption]>;

/**
 * The number of server processes from ACCTL_WORKERS or --workers (`source` names which, for the
 * error): a whole number, or `auto` for one per core the process may use. The range is checked
 * with the rest of the configuration (makeConfig).
 */
function parseWorkers(raw: string, source: string): number {
  const value = raw.trim().toLowerCase();
  if (value === 'auto') return Math.min(os.availableParallelism(), maxWorkers);
  if (!/^\d+$/.test(value)) throw new ConfigError(`${source} must be a whole number from 1 to ${maxWorkers} or "auto", got "${raw}"`);
  return Number(value);
}

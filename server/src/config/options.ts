import type { BootstrapConfig, Config } from './config.js';
import { defaults } from './defaults.js';

/** Every configuration setting: each key of Config (bootstrap's members one by one), and the data folder. */
export type ConfigOptionName = Exclude<keyof Config, 'bootstrap'> | `bootstrap.${keyof BootstrapConfig}` | 'dataDir';

export interface ConfigurationOption {
  name: ConfigOptionName;
  /** Environment variables that set it, the first one winning; none when it is set in code only. */
  envVars: readonly string[];
  /** The flag of `acctl server start` that sets it (a flag wins over the environment). */
  cliFlag?: string;
  /** The default value, from defaults.ts; absent when the default is computed or there is none. */
  defaultValue?: string | number | boolean;
  /** The default in words, when it is not a single value. */
  defaultText?: string;
  description: string;
}

type OptionDetails = Omit<ConfigurationOption, 'name' | 'defaultValue'>;

/**
 * The documentation of every option, in the order README.md lists them. Typed as a record over
 * every option name, so an option added to Config without a line here does not compile. Default
 * values are read from defaults.ts, never repeated here.
 */
const details: Record<ConfigOptionName, OptionDetails> = {
  host: { envVars: ['ACCTL_HOST'], cliFlag: '--host', description: 'Interface to listen on. Use 0.0.0.0 in a container.' },
  port: { envVars: ['PORT', 'ACCTL_PORT'], cliFlag: '--port', description: 'TCP port to listen on; 0 picks a free one.' },
  publicUrl: {
    envVars: ['ACCTL_PUBLIC_URL'],
    cliFlag: '--public-url',
    defaultText: '`http://<host>:<port>`',
    description: 'Origin (scheme, host, port; no path) clients use to reach the service: the issuer and audience of access tokens. Set it behind a proxy.',
  },
  databaseUrl: {
    envVars: ['DATABASE_URL'],
    cliFlag: '--database-url',
    defaultText: 'embedded PostgreSQL in the data folder',
    description: 'PostgreSQL connection URL (`postgres://...`). Without it, an embedded PostgreSQL is started for a single local server.',
  },
  keyEncryptionKey: {
    envVars: ['ACCTL_KEY_ENCRYPTION_KEY'],
    defaultText: 'generated in `<data folder>/secrets.json` (embedded PostgreSQL only)',
    description: 'Encrypts signing keys at rest (AES-256-GCM): 32 random bytes in base64 (`openssl rand -base64 32`). Required with DATABASE_URL; the same on every replica.',
  },
  dataDir: {
    envVars: ['ACCTL_DATA_DIR'],
    cliFlag: '--data-dir',
    description: 'Folder of the embedded PostgreSQL and its generated secrets; used only without DATABASE_URL.',
  },
  logLevel: { envVars: ['ACCTL_LOG_LEVEL'], description: 'fatal, error, warn, info, debug, trace or silent. Logs are JSON lines on stdout.' },
  bodyLimit: { envVars: ['ACCTL_BODY_LIMIT'], description: 'Largest accepted request body in bytes; larger bodies are answered 413 `payload_too_large`.' },
  dbPoolMax: { envVars: ['ACCTL_DB_POOL_MAX'], description: 'Size of the PostgreSQL connection pool of one replica.' },
  workers: {
    envVars: ['ACCTL_WORKERS'],
    cliFlag: '--workers',
    description:
      'Server processes on this host, sharing its port (Node cluster): a whole number from 1 to 64, or `auto` (one per available core). Each process has its own pool of `ACCTL_DB_POOL_MAX` connections. Without REDIS_URL the first process counts the rate limits for all of them.',
  },
  trustProxy: { envVars: ['ACCTL_TRUST_PROXY'], description: '`true` to trust X-Forwarded-* headers (behind a load balancer).' },
  allowInsecureRedirectUris: {
    envVars: ['ACCTL_ALLOW_INSECURE_REDIRECT_URIS'],
    description:
      '`true` to register OAuth clients with `http://` redirect URIs on any host (the dashboard; `acctl server client create` reads the same variable, or takes `--allow-insecure-redirect-uris`). Otherwise a redirect URI is `https://`, or `http://` on 127.0.0.1, [::1] or localhost (RFC 9700 section 2.6). For development only.',
  },
  auditDecisionEvents: {
    envVars: ['ACCTL_AUDIT_DECISION_EVENTS'],
    description:
      'Which decisions get a `decision.evaluated` audit event: `all`, `deny` (denials only) or `none`; or `digest`: instead, one `decisions.recorded` event per recording write, naming each of its decisions and covering their full records with one SHA-256 digest that `acctl audit verify` checks against the stored decisions (one audit row per write instead of per decision: README, Performance; docs/events.md). Every decision is stored for `GET /v1/decisions/{id}` either way.',
  },
  auditDecisionRetentionDays: {
    envVars: ['ACCTL_AUDIT_DECISION_RETENTION_DAYS'],
    description: 'Days after which decisions and their `decision.evaluated` audit events are deleted by an hourly job, a whole month at a time (a month goes once it ended that many days ago); `0` keeps them forever. Change and authentication events are never deleted.',
  },
  accessTokenTtlSeconds: { envVars: [], description: 'Lifetime of access tokens in seconds (spec: 3600).' },
  keyRefreshSeconds: { envVars: [], description: 'How often a replica re-reads the signing keys, a fallback: a rotation made elsewhere is picked up at once through the change feed.' },
  keyRetentionSeconds: {
    envVars: [],
    description: 'How long a retired signing key stays in the JWKS: the token lifetime plus clock-skew room.',
  },
  webhooksAllowHttp: {
    envVars: ['ACCTL_WEBHOOKS_ALLOW_HTTP'],
    description: '`true` to accept `http://` webhook URLs. Otherwise only `https://` receivers are accepted. For development and tests.',
  },
  webhooksAllowPrivateNetworks: {
    envVars: ['ACCTL_WEBHOOKS_ALLOW_PRIVATE_NETWORKS'],
    description:
      '`true` to deliver webhooks to private, loopback and link-local addresses (10/8, 127/8, 169.254/16, fc00::/7 and the like). Otherwise such a URL is refused at creation, and at every delivery after resolving its host.',
  },
  webhookTimeoutMs: { envVars: ['ACCTL_WEBHOOK_TIMEOUT_MS'], description: 'How long a webhook receiver has to answer one delivery attempt, in milliseconds.' },
  webhookConcurrency: {
    envVars: ['ACCTL_WEBHOOK_CONCURRENCY'],
    description: 'Webhook deliveries one replica makes at once; a slow receiver holds up only its own. `0`: this replica delivers none (others do).',
  },
  webhookPollingIntervalSeconds: { envVars: [], description: 'How often an idle webhook delivery worker checks the job queue, in seconds (at least 0.5).' },
  webhookMaxAttempts: { envVars: [], description: 'Attempts per webhook delivery, the first one included.' },
  webhookRetryBaseDelayMs: {
    envVars: [],
    description: 'Delay before the first retry of a failed delivery, in milliseconds; each next delay is 4 times longer, with +-20% jitter.',
  },
  webhookRetryMaxDelayMs: { envVars: [], description: 'Longest delay between two attempts of a delivery, in milliseconds.' },
  webhookDisableAfterFailedDeliveries: {
    envVars: [],
    description: 'A webhook is disabled (event `webhook.disabled`) after this many deliveries in a row have failed every attempt...',
  },
  webhookDisableAfterFailingSeconds: {
    envVars: [],
    description: '...or when its deliveries have been failing for this many seconds without a success in between.',
  },
  rateLimitStandard: { envVars: ['ACCTL_RATE_LIMIT_STANDARD'], description: 'Requests per client and minute on standard endpoints (README "Rate limits").' },
  rateLimitDecision: { envVars: ['ACCTL_RATE_LIMIT_DECISION'], description: 'Requests per client and minute on the decision endpoints (`POST /v1/decisions/evaluate`, `GET /v1/decisions/{id}`).' },
  rateLimitBulk: { envVars: ['ACCTL_RATE_LIMIT_BULK'], description: 'Requests per client and minute on bulk operations (`POST /v1/decisions/batch`, `POST /v1/audit/reports`, `GET /v1/audit/verify`).' },
  rateLimitOverrides: {
    envVars: ['ACCTL_RATE_LIMIT_OVERRIDES'],
    defaultText: 'none',
    description: 'Other limits for named clients, as JSON: token subject (the client id of a client_credentials token, the principal id of a user) to limits per class, e.g. `{"billing":{"decision":50000}}`. A class not named keeps the default.',
  },
  redisUrl: {
    envVars: ['REDIS_URL'],
    defaultText: 'none (each replica counts in memory)',
    description: 'Redis (`redis://...`) where every replica counts rate limits, so the limits hold across replicas. If Redis cannot be reached, each replica counts alone meanwhile (fail open, with a warning in the log).',
  },
  rateLimitKeyPrefix: { envVars: ['ACCTL_RATE_LIMIT_KEY_PREFIX'], description: 'Prefix of the rate-limit counters in Redis, for deployments that share one Redis.' },
  'bootstrap.clientId': {
    envVars: ['ACCTL_BOOTSTRAP_CLIENT_ID'],
    defaultText: 'none',
    description: 'With the secret below: a confidential client_credentials client allowed `admin:all` is created (or updated) at start.',
  },
  'bootstrap.clientSecret': {
    envVars: ['ACCTL_BOOTSTRAP_CLIENT_SECRET'],
    defaultText: 'none',
    description: 'Secret of the bootstrap client, at least 32 characters. Changing it changes the client\'s secret at the next start.',
  },
  'bootstrap.adminUsername': {
    envVars: ['ACCTL_BOOTSTRAP_ADMIN_USERNAME'],
    defaultText: 'none',
    description: 'With the password below: a human admin user is created (or its password updated) at start.',
  },
  'bootstrap.adminPassword': { envVars: ['ACCTL_BOOTSTRAP_ADMIN_PASSWORD'], defaultText: 'none', description: 'Password of the bootstrap admin user, at least 12 characters.' },
};

const defaultValues: Partial<Record<ConfigOptionName, string | number | boolean>> = defaults;

/** The configuration options with their defaults: README's configuration table is rendered from this. */
export const configurationOptions: readonly ConfigurationOption[] = Object.freeze(
  (Object.entries(details) as Array<[ConfigOptionName, OptionDetails]>).map(([name, option]) => ({
    name,
    ...option,
    ...(defaultValues[name] !== undefined ? { defaultValue: defaultValues[name] } : {}),
  })),
);

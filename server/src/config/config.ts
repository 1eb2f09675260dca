import os from 'node:os';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ConfigError } from './config-error.js';
import { defaults } from './defaults.js';

/** The most server processes one host runs (config.workers). */
export const maxWorkers = 64;

export interface BootstrapConfig {
  clientId?: string;
  clientSecret?: string;
  adminUsername?: string;
  adminPassword?: string;
}

export interface Config {
  host: string;
  port: number;
  /** Origin used as token issuer and audience; defaults to http://<host>:<port>. No trailing slash. */
  publicUrl: string;
  databaseUrl: string;
  /** 32 bytes, base64: encrypts signing keys at rest (AES-256-GCM). */
  keyEncryptionKey: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  bodyLimit: number;
  accessTokenTtlSeconds: number;
  keyRefreshSeconds: number;
  keyRetentionSeconds: number;
  dbPoolMax: number;
  /** Server processes on this host (server/src/cluster); 1: this process alone. */
  workers: number;
  trustProxy: boolean;
  /** Development only: accept http:// redirect URIs on any host, not only loopback (RFC 9700 section 2.6). */
  allowInsecureRedirectUris: boolean;
  /** Audit (README "Audit"): which decisions get a decision.evaluated event, and for how long they are kept. */
  auditDecisionEvents: 'all' | 'deny' | 'none' | 'digest';
  auditDecisionRetentionDays: number;
  /** Webhooks (docs/webhooks.md): what receivers may be, and how deliveries are retried. */
  webhooksAllowHttp: boolean;
  webhooksAllowPrivateNetworks: boolean;
  webhookTimeoutMs: number;
  webhookConcurrency: number;
  webhookPollingIntervalSeconds: number;
  webhookMaxAttempts: number;
  webhookRetryBaseDelayMs: number;
  webhookRetryMaxDelayMs: number;
  webhookDisableAfterFailedDeliveries: number;
  webhookDisableAfterFailingSeconds: number;
  /** Rate limits (README "Rate limits"): requests per client and minute, by route class. */
  rateLimitStandard: number;
  rateLimitDecision: number;
  rateLimitBulk: number;
  /** Higher (or lower) limits for named clients: token subject to limits per class. */
  rateLimitOverrides: RateLimitOverrides;
  /** Redis shared by the replicas for rate-limit counters; empty: each replica counts in memory. */
  redisUrl: string;
  /** Prefix of the rate-limit keys in Redis (several deployments may share one Redis). */
  rateLimitKeyPrefix: string;
  bootstrap: BootstrapConfig;
}

/** Limits per class for one client (its token subject); a class not named keeps the default. */
export type RateLimitOverrides = Record<string, { standard?: number; decision?: number; bulk?: number }>;

const configSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['host', 'port', 'publicUrl', 'databaseUrl', 'keyEncryptionKey', 'logLevel', 'bodyLimit', 'accessTokenTtlSeconds', 'keyRefreshSeconds', 'keyRetentionSeconds', 'dbPoolMax', 'workers', 'trustProxy', 'allowInsecureRedirectUris', 'bootstrap', 'auditDecisionEvents', 'auditDecisionRetentionDays',
    'webhooksAllowHttp', 'webhooksAllowPrivateNetworks', 'webhookTimeoutMs', 'webhookConcurrency', 'webhookPollingIntervalSeconds', 'webhookMaxAttempts',
    'webhookRetryBaseDelayMs', 'webhookRetryMaxDelayMs', 'webhookDisableAfterFailedDeliveries', 'webhookDisableAfterFailingSeconds',
    'rateLimitStandard', 'rateLimitDecision', 'rateLimitBulk', 'rateLimitOverrides', 'redisUrl', 'rateLimitKeyPrefix'],
  properties: {
    host: { type: 'string', minLength: 1 },
    port: { type: 'integer', minimum: 0, maximum: 65535 },
    publicUrl: { type: 'string', pattern: '^https?://[^/?#]+$' },
    databaseUrl: { type: 'string', pattern: '^postgres(ql)?://' },
    keyEncryptionKey: { type: 'string', minLength: 1 },
    logLevel: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    bodyLimit: { type: 'integer', minimum: 1024, maximum: 104857600 },
    accessTokenTtlSeconds: { type: 'integer', minimum: 60, maximum: 86400 },
    keyRefreshSeconds: { type: 'integer', minimum: 1 },
    keyRetentionSeconds: { type: 'integer', minimum: 0 },
    dbPoolMax: { type: 'integer', minimum: 1, maximum: 1000 },
    workers: { type: 'integer', minimum: 1, maximum: maxWorkers },
    trustProxy: { type: 'boolean' },
    allowInsecureRedirectUris: { type: 'boolean' },
    auditDecisionEvents: { enum: ['all', 'deny', 'none', 'digest'] },
    auditDecisionRetentionDays: { type: 'integer', minimum: 0, maximum: 36500 },
    webhooksAllowHttp: { type: 'boolean' },
    webhooksAllowPrivateNetworks: { type: 'boolean' },
    webhookTimeoutMs: { type: 'integer', minimum: 1, maximum: 120000 },
    webhookConcurrency: { type: 'integer', minimum: 0, maximum: 100 },
    // pg-boss polls at most every 500 ms.
    webhookPollingIntervalSeconds: { type: 'number', minimum: 0.5, maximum: 60 },
    webhookMaxAttempts: { type: 'integer', minimum: 1, maximum: 30 },
    webhookRetryBaseDelayMs: { type: 'integer', minimum: 1 },
    webhookRetryMaxDelayMs: { type: 'integer', minimum: 1 },
    webhookDisableAfterFailedDeliveries: { type: 'integer', minimum: 1 },
    webhookDisableAfterFailingSeconds: { type: 'integer', minimum: 1 },
    rateLimitStandard: { type: 'integer', minimum: 1, maximum: 100_000_000 },
    rateLimitDecision: { type: 'integer', minimum: 1, maximum: 100_000_000 },
    rateLimitBulk: { type: 'integer', minimum: 1, maximum: 100_000_000 },
    rateLimitOverrides: {
      type: 'object',
      maxProperties: 10_000,
      propertyNames: { minLength: 1, maxLength: 200 },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: Object.fromEntries(['standard', 'decision', 'bulk'].map((name) => [name, { type: 'integer', minimum: 1, maximum: 100_000_000 }])),
      },
    },
    redisUrl: { type: 'string', pattern: '^(rediss?://.*)?$' },
    rateLimitKeyPrefix: { type: 'string', maxLength: 100 },
    bootstrap: {
      type: 'object',
      additionalProperties: false,
      properties: {
        clientId: { type: 'string', minLength: 1, maxLength: 200 },
        clientSecret: { type: 'string', minLength: 32, maxLength: 512 },
        adminUsername: { type: 'string', minLength: 1, maxLength: 200 },
        adminPassword: { type: 'string', minLength: 12, maxLength: 1024 },
      },
      dependentRequired: { clientId: ['clientSecret'], clientSecret: ['clientId'], adminUsername: ['adminPassword'], adminPassword: ['adminUsername'] },
    },
  },
} as const;

const validate = new Ajv2020({ allErrors: true }).compile(configSchema);

export { ConfigError };

/** Fills defaults, validates against the schema above, checks the encryption key, and freezes. */
export function makeConfig(input: Partial<Config> & Pick<Config, 'databaseUrl' | 'keyEncryptionKey'>): Readonly<Config> {
  const host = input.host ?? defaults.host;
  const port = input.port ?? defaults.port;
  const config: Config = {
    host,
    port,
    publicUrl: (input.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, ''),
    databaseUrl: input.databaseUrl,
    keyEncryptionKey: input.keyEncryptionKey,
    logLevel: input.logLevel ?? defaults.logLevel,
    bodyLimit: input.bodyLimit ?? defaults.bodyLimit,
    accessTokenTtlSeconds: input.accessTokenTtlSeconds ?? defaults.accessTokenTtlSeconds,
    keyRefreshSeconds: input.keyRefreshSeconds ?? defaults.keyRefreshSeconds,
    keyRetentionSeconds: input.keyRetentionSeconds ?? defaults.keyRetentionSeconds,
    dbPoolMax: input.dbPoolMax ?? defaults.dbPoolMax,
    workers: input.workers ?? defaults.workers,
    trustProxy: input.trustProxy ?? defaults.trustProxy,
    allowInsecureRedirectUris: input.allowInsecureRedirectUris ?? defaults.allowInsecureRedirectUris,
    auditDecisionEvents: input.auditDecisionEvents ?? defaults.auditDecisionEvents,
    auditDecisionRetentionDays: input.auditDecisionRetentionDays ?? defaults.auditDecisionRetentionDays,
    webhooksAllowHttp: input.webhooksAllowHttp ?? defaults.webhooksAllowHttp,
    webhooksAllowPrivateNetworks: input.webhooksAllowPrivateNetworks ?? defaults.webhooksAllowPrivateNetworks,
    webhookTimeoutMs: input.webhookTimeoutMs ?? defaults.webhookTimeoutMs,
    webhookConcurrency: input.webhookConcurrency ?? defaults.webhookConcurrency,
    webhookPollingIntervalSeconds: input.webhookPollingIntervalSeconds ?? defaults.webhookPollingIntervalSeconds,
    webhookMaxAttempts: input.webhookMaxAttempts ?? defaults.webhookMaxAttempts,
    webhookRetryBaseDelayMs: input.webhookRetryBaseDelayMs ?? defaults.webhookRetryBaseDelayMs,
    webhookRetryMaxDelayMs: input.webhookRetryMaxDelayMs ?? defaults.webhookRetryMaxDelayMs,
    webhookDisableAfterFailedDeliveries: input.webhookDisableAfterFailedDeliveries ?? defaults.webhookDisableAfterFailedDeliveries,
    webhookDisableAfterFailingSeconds: input.webhookDisableAfterFailingSeconds ?? defaults.webhookDisableAfterFailingSeconds,
    rateLimitStandard: input.rateLimitStandard ?? defaults.rateLimitStandard,
    rateLimitDecision: input.rateLimitDecision ?? defaults.rateLimitDecision,
    rateLimitBulk: input.rateLimitBulk ?? defaults.rateLimitBulk,
    rateLimitOverrides: input.rateLimitOverrides ?? {},
    redisUrl: input.redisUrl ?? '',
    rateLimitKeyPrefix: input.rateLimitKeyPrefix ?? defaults.rateLimitKeyPrefix,
    bootstrap: stripUndefined(input.bootstrap ?? {}),
  };
  if (!Number.isInteger(config.workers) || config.workers < 1 || config.workers > maxWorkers) {
    throw new ConfigError(`The number of workers (ACCTL_WORKERS, --workers) must be a whole number from 1 to ${maxWorkers} or "auto", got ${config.workers}`);
  }
  if (!validate(config)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  if (Buffer.from(config.keyEncryptionKey, 'base64').length !== 32) {
    throw new ConfigError('ACCTL_KEY_ENCRYPTION_KEY must be 32 random bytes in base64 (for example: openssl rand -base64 32)');
  }
  return deepFreeze(config);
}

/** Reads the options that come from the environment; flags given on the command line win. */
export function configFromEnv(env: NodeJS.ProcessEnv): Partial<Config> {
  const int = (name: string): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
    return Number(raw);
  };
  return stripUndefined({
    host: env.ACCTL_HOST || undefined,
    port: int('PORT') ?? int('ACCTL_PORT'),
    publicUrl: env.ACCTL_PUBLIC_URL || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    keyEncryptionKey: env.ACCTL_KEY_ENCRYPTION_KEY || undefined,
    logLevel: (env.ACCTL_LOG_LEVEL || undefined) as Config['logLevel'] | undefined,
    bodyLimit: int('ACCTL_BODY_LIMIT'),
    dbPoolMax: int('ACCTL_DB_POOL_MAX'),
    workers: env.ACCTL_WORKERS ? parseWorkers(env.ACCTL_WORKERS, 'ACCTL_WORKERS') : undefined,
    trustProxy: env.ACCTL_TRUST_PROXY ? env.ACCTL_TRUST_PROXY === 'true' : undefined,
    allowInsecureRedirectUris: env.ACCTL_ALLOW_INSECURE_REDIRECT_URIS ? env.ACCTL_ALLOW_INSECURE_REDIRECT_URIS === 'true' : undefined,
    auditDecisionEvents: (env.ACCTL_AUDIT_DECISION_EVENTS || undefined) as Config['auditDecisionEvents'] | undefined,
    auditDecisionRetentionDays: int('ACCTL_AUDIT_DECISION_RETENTION_DAYS'),
    webhooksAllowHttp: env.ACCTL_WEBHOOKS_ALLOW_HTTP ? env.ACCTL_WEBHOOKS_ALLOW_HTTP === 'true' : undefined,
    webhooksAllowPrivateNetworks: env.ACCTL_WEBHOOKS_ALLOW_PRIVATE_NETWORKS ? env.ACCTL_WEBHOOKS_ALLOW_PRIVATE_NETWORKS === 'true' : undefined,
    webhookTimeoutMs: int('ACCTL_WEBHOOK_TIMEOUT_MS'),
    webhookConcurrency: int('ACCTL_WEBHOOK_CONCURRENCY'),
    rateLimitStandard: int('ACCTL_RATE_LIMIT_STANDARD'),
    rateLimitDecision: int('ACCTL_RATE_LIMIT_DECISION'),
    rateLimitBulk: int('ACCTL_RATE_LIMIT_BULK'),
    rateLimitOverrides: env.ACCTL_RATE_LIMIT_OVERRIDES ? parseJsonOption(env.ACCTL_RATE_LIMIT_OVERRIDES) as RateLimitOverrides : undefined,
    redisUrl: env.REDIS_URL || undefined,
    rateLimitKeyPrefix: env.ACCTL_RATE_LIMIT_KEY_PREFIX || undefined,
    bootstrap: stripUndefined({
      clientId: env.ACCTL_BOOTSTRAP_CLIENT_ID || undefined,
      clientSecret: env.ACCTL_BOOTSTRAP_CLIENT_SECRET || undefined,
      adminUsername: env.ACCTL_BOOTSTRAP_ADMIN_USERNAME || undefined,
      adminPassword: env.ACCTL_BOOTSTRAP_ADMIN_PASSWORD || undefined,
    }),
  });
}

/**
 * The number of server processes from ACCTL_WORKERS or --workers (`source` names which, for the
 * error): a whole number, or `auto` for one per core the process may use. The range is checked
 * with the rest of the configuration (makeConfig).
 */
export function parseWorkers(raw: string, source: string): number {
  const value = raw.trim().toLowerCase();
  if (value === 'auto') return Math.min(os.availableParallelism(), maxWorkers);
  if (!/^\d+$/.test(value)) throw new ConfigError(`${source} must be a whole number from 1 to ${maxWorkers} or "auto", got "${raw}"`);
  return Number(value);
}

/** A JSON-valued variable; its shape (and text that is not JSON) is refused with the rest of the configuration. */
function parseJsonOption(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

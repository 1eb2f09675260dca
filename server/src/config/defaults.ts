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
  /** Whether to trust X-Forwarded-* headers (behind a load balancer). */
  trustProxy: false,
} as const;

// Generated from schemas/ by `npm run gen:types`. Do not edit by hand.
/* eslint-disable */

// schemas/api-token.json
/**
 * An API token as returned by POST /auth/token and POST /auth/refresh. `token` is shown this once and never again; the service keeps only its SHA-256.
 */
export interface ApiToken {
  id: string;
  name: string;
  /**
   * The secret: `acctl_`, 40 random base62 characters and a 6-character CRC32 checksum, so secret scanners can recognise it.
   */
  token: string;
  token_type: 'Bearer';
  scopes: Scope[];
  created_at: string;
  expires_at: string | null;
  /**
   * Seconds until expiry, when the token expires.
   */
  expires_in?: number;
  /**
   * Subject of the token that created it.
   */
  created_by: string;
  /**
   * On refresh: the id of the token this one replaces (now revoked).
   */
  replaces?: string;
}

// schemas/api-token-create-request.json
/**
 * Body of POST /auth/token: a long-lived API token for service-to-service use. Its scopes must be among the caller's (admin:all may grant any).
 */
export interface ApiTokenCreateRequest {
  /**
   * What the token is for, e.g. `ci-deploy`.
   */
  name: string;
  /**
   * @minItems 1
   * @maxItems 9
   */
  scopes: Scope[];
  /**
   * Lifetime in seconds (at most two years). Without it the token does not expire; set one where you can.
   */
  expires_in?: number;
}

// schemas/api-token-refresh-request.json
/**
 * Body of POST /auth/refresh (optional). The bearer API token is replaced by a new one with the same name and scopes, and revoked at once.
 */
export interface ApiTokenRefreshRequest {
  /**
   * Lifetime of the new token in seconds; without it, the old token's lifetime is kept.
   */
  expires_in?: number;
}

// schemas/api-token-revoke-request.json
/**
 * Body of DELETE /auth/revoke. Without a body the presented bearer token revokes itself. `token` revokes an API token or a JWT access token by its value, `id` an API token by id. Revoking another token than one's own needs admin:all.
 */
export interface ApiTokenRevokeRequest {
  token?: string;
  id?: string;
}

// schemas/api-token-revoked.json
/**
 * Answer of DELETE /auth/revoke.
 */
export interface TokenRevoked {
  revoked: true;
  token_kind: 'api_token' | 'access_token';
  /**
   * API token id, or the access token's jti.
   */
  id?: string;
  revoked_at: string;
}

// schemas/authorization-server-metadata.json
/**
 * RFC 8414 metadata, served at /.well-known/oauth-authorization-server.
 */
export interface AuthorizationServerMetadata {
  issuer: string;
  authorization_endpoint?: string;
  token_endpoint: string;
  jwks_uri: string;
  scopes_supported: Scope[];
  response_types_supported: string[];
  grant_types_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  token_endpoint_auth_signing_alg_values_supported?: string[];
  code_challenge_methods_supported?: string[];
  service_documentation?: string;
}

// schemas/health.json
/**
 * Answer of /health (the process is up) and /ready (it can serve: the database answers).
 */
export interface Health {
  status: 'ok' | 'unavailable';
  version?: string;
  checks?: {
    [k: string]: {
      status: 'ok' | 'unavailable';
      latency_ms?: number;
      detail?: string;
    };
  };
}

// schemas/jwks.json
/**
 * Spec, "Key set (JWKS)": the public keys that verify access tokens, current and recently retired.
 */
export interface JsonWebKeySet {
  keys: {
    kty: 'RSA';
    kid: string;
    use: 'sig';
    alg: 'RS256';
    n: string;
    e: string;
  }[];
}

// schemas/oauth-error.json
/**
 * RFC 6749 section 5.2 error body, answered by the OAuth endpoints.
 */
export interface OAuthError {
  error:
    | 'invalid_request'
    | 'invalid_client'
    | 'invalid_grant'
    | 'unauthorized_client'
    | 'unsupported_grant_type'
    | 'invalid_scope'
    | 'server_error'
    | 'temporarily_unavailable';
  error_description?: string;
}

// schemas/oauth-token-request.json
/**
 * Body of POST /oauth/token, as JSON (spec) or application/x-www-form-urlencoded (RFC 6749). Client credentials may come in the body or as HTTP Basic, not both. Unknown parameters are ignored, as RFC 6749 section 3.2 requires.
 */
export interface OAuthTokenRequest {
  /**
   * client_credentials, authorization_code or refresh_token.
   */
  grant_type: string;
  client_id?: string;
  client_secret?: string;
  /**
   * Space-separated scopes; without it, the client's allowed scopes are granted.
   */
  scope?: string;
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  refresh_token?: string;
}

// schemas/oauth-token-response.json
/**
 * Spec, "Token response". client_credentials responses carry created_at and no refresh_token; refresh responses carry refresh_token and no created_at.
 */
export interface OAuthTokenResponse {
  /**
   * RS256-signed JWT.
   */
  access_token: string;
  token_type: 'Bearer';
  /**
   * Lifetime of the access token in seconds: 3600 (spec, Limits).
   */
  expires_in: number;
  refresh_token?: string;
  /**
   * Space-separated granted scopes.
   */
  scope: string;
  /**
   * Unix time (seconds) the token was issued.
   */
  created_at?: number;
}

// schemas/problem.json
/**
 * RFC 9457 problem details, the body of every REST API error (media type application/problem+json).
 */
export interface Problem {
  /**
   * Identifies the problem type; docs/errors.md describes each.
   */
  type: string;
  /**
   * Short summary of the problem type.
   */
  title: string;
  status: number;
  /**
   * What went wrong with this request, for a person to read.
   */
  detail: string;
  /**
   * Stable error code to switch on (docs/errors.md).
   */
  code: string;
  /**
   * The request path.
   */
  instance?: string;
  /**
   * The X-Request-Id of the request, for support and logs.
   */
  request_id?: string;
  /**
   * For 400 validation_failed: each invalid field.
   */
  errors?: {
    /**
     * JSON Pointer (RFC 6901) into the request part named by `in`.
     */
    pointer: string;
    in: 'body' | 'query' | 'params' | 'headers';
    detail: string;
  }[];
}

// schemas/scope.json
/**
 * An OAuth scope (spec, Authentication, item 6). `admin:all` grants every other scope.
 */
export type Scope =
  | 'read:principals'
  | 'write:principals'
  | 'delete:principals'
  | 'read:policies'
  | 'write:policies'
  | 'delete:policies'
  | 'evaluate:decisions'
  | 'read:audit'
  | 'admin:all';

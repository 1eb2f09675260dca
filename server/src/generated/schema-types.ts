// Generated from schemas/ by `npm run gen:types`. Do not edit by hand.
/* eslint-disable */

/**
 * An OAuth scope (spec, Authentication, item 6). `admin:all` grants every other scope.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "scope".
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
/**
 * Spec, "Condition": three condition types, each with its operator. A value the request does not carry fails the condition (fail closed).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-condition".
 */
export type PolicyCondition = TimeCondition | RiskScoreCondition | MfaVerifiedCondition;
/**
 * Spec, "Policy status": draft (not enforced), active (enforced), archived (not enforced), deleted (soft-deleted, recoverable with POST /policies/{id}/restore).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-status".
 */
export type PolicyStatus = 'draft' | 'active' | 'archived' | 'deleted';
/**
 * user: a person; service: a workload; agent: an automated actor such as an AI agent.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "principal-kind".
 */
export type PrincipalKind = 'user' | 'service' | 'agent';

/**
 * An API token as returned by POST /auth/token and POST /auth/refresh. `token` is shown this once and never again; the service keeps only its SHA-256.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "api-token".
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
/**
 * Body of POST /auth/token: a long-lived API token for service-to-service use. Its scopes must be among the caller's (admin:all may grant any).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "api-token-create-request".
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
/**
 * Body of POST /auth/refresh (optional). The bearer API token is replaced by a new one with the same name and scopes, and revoked at once.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "api-token-refresh-request".
 */
export interface ApiTokenRefreshRequest {
  /**
   * Lifetime of the new token in seconds; without it, the old token's lifetime is kept.
   */
  expires_in?: number;
}
/**
 * Body of DELETE /auth/revoke. Without a body the presented bearer token revokes itself. `token` revokes an API token or a JWT access token by its value, `id` an API token by id. Revoking another token than one's own needs admin:all.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "api-token-revoke-request".
 */
export interface ApiTokenRevokeRequest {
  token?: string;
  id?: string;
}
/**
 * Answer of DELETE /auth/revoke.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "api-token-revoked".
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
/**
 * RFC 8414 metadata, served at /.well-known/oauth-authorization-server.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authorization-server-metadata".
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
/**
 * Answer of POST /decisions/evaluate (and each item of a batch): the decision over all active policies, recorded durably before it is answered. Time conditions use the server's clock (context.timestamp is recorded but cannot move a request into a time window).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision".
 */
export interface Decision {
  /**
   * GET /decisions/{id} returns the record.
   */
  id: string;
  decision: 'allow' | 'deny';
  matched_rules: {
    policy_id: string;
    policy_name: string;
    policy_version: number;
    rule_index: number;
    effect: 'allow' | 'deny';
    conditions_met: string[];
  }[];
  /**
   * Why rules for this resource and action did not apply.
   */
  reasons: string[];
  explanation: string;
  /**
   * Policy id to the version used, for every policy with a rule addressing the request.
   */
  policy_versions: {
    [k: string]: number | undefined;
  };
  /**
   * Engine time in milliseconds (fractional: decisions take microseconds).
   */
  evaluation_time_ms: number;
  timestamp: string;
}
/**
 * Body of POST /decisions/batch: 1 to 100 access requests, answered in order. A bulk operation for rate limits.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision-batch-request".
 */
export interface DecisionBatchRequest {
  /**
   * @minItems 1
   * @maxItems 100
   */
  requests: SimulationRequest[];
}
/**
 * Spec, "Simulation request": the access request to evaluate. context.timestamp sets the time that time conditions see (default: now).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "simulation-request".
 */
export interface SimulationRequest {
  principal: {
    id?: string;
    type: string;
    attributes?: {
      [k: string]: (string | number | boolean | null) | undefined;
    };
  };
  resource: {
    type: string;
    identifier: string;
  };
  action: string;
  context?: {
    ip_address?: string;
    timestamp?: string;
    risk_score?: number;
    device_trusted?: boolean;
    mfa_verified?: boolean;
    [k: string]: (string | number | boolean | null) | undefined;
  };
}
/**
 * Answer of POST /decisions/batch: one decision per request, in the order of the requests, each with its own id.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision-batch-response".
 */
export interface DecisionBatchResponse {
  results: Decision[];
}
/**
 * Answer of GET /decisions/{id}: a recorded decision with the request as evaluated (stored principal attributes merged under the inline ones) and its result.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision-record".
 */
export interface DecisionRecord {
  id: string;
  timestamp: string;
  decision: 'allow' | 'deny';
  request: SimulationRequest;
  result: Decision;
  caller: {
    subject: string;
    client_id?: string | null;
    request_id?: string | null;
  };
}
/**
 * Answer of /health (the process is up) and /ready (it can serve: the database answers).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "health".
 */
export interface Health {
  status: 'ok' | 'unavailable';
  version?: string;
  checks?: {
    [k: string]:
      | {
          status: 'ok' | 'unavailable';
          latency_ms?: number;
          detail?: string;
        }
      | undefined;
  };
}
/**
 * Body of POST /policies/simulate: a policy that is not stored (e.g. from a pull request) and the request to evaluate against it.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "inline-simulation-request".
 */
export interface InlineSimulationRequest {
  policy: PolicyCreateRequest;
  request: SimulationRequest;
}
/**
 * Body of POST /policies. `name` and `rules` are required; `status` defaults to `draft` (not enforced until activated), `description` to the empty string, `metadata` to {}.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-create-request".
 */
export interface PolicyCreateRequest {
  name: string;
  description?: string;
  status?: 'draft' | 'active' | 'archived';
  /**
   * @maxItems 500
   */
  rules: PolicyRule[];
  metadata?: PolicyMetadata;
}
/**
 * Spec, "Rule". A rule matches a request when the principal type equals, every named attribute has an accepted value, the resource type equals and the identifier matches a pattern, the action is listed, and every condition holds. Any matching deny wins over allow; nothing matching is deny.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-rule".
 */
export interface PolicyRule {
  /**
   * The spec shows `allow`; `deny` rules override allows (as in Cerbos and AWS IAM).
   */
  effect: 'allow' | 'deny';
  principals: {
    /**
     * Principal type, e.g. USER.
     */
    type: string;
    /**
     * Attribute name to the accepted values; the request's value must be one of them.
     */
    attributes?: {
      /**
       * @minItems 1
       * @maxItems 1000
       */
      [k: string]: string[] | undefined;
    };
  };
  resources: {
    /**
     * Resource type, e.g. database.
     */
    type: string;
    /**
     * Identifier patterns: exact, or a prefix followed by `*` (a trailing wildcard).
     *
     * @minItems 1
     * @maxItems 1000
     */
    identifiers: string[];
  };
  /**
   * e.g. read, write, admin.
   *
   * @minItems 1
   * @maxItems 100
   */
  actions: string[];
  /**
   * All must hold. Absent or empty: no conditions.
   *
   * @maxItems 20
   */
  conditions?: PolicyCondition[];
}
/**
 * The request time, in `timezone`, is within the daily window [start, end). An end before the start is a window across midnight.
 */
export interface TimeCondition {
  type: 'time';
  operator: 'between';
  value: {
    /**
     * HH:MM, 24-hour, inclusive.
     */
    start: string;
    /**
     * HH:MM, 24-hour, exclusive.
     */
    end: string;
    /**
     * IANA time zone name, e.g. Europe/Berlin.
     */
    timezone: string;
  };
}
/**
 * context.risk_score is less than `value`.
 */
export interface RiskScoreCondition {
  type: 'risk_score';
  operator: 'less_than';
  value: number;
}
/**
 * context.mfa_verified (else the principal's mfa_verified attribute) equals `value`.
 */
export interface MfaVerifiedCondition {
  type: 'mfa_verified';
  operator: 'equals';
  value: boolean;
}
/**
 * Free-form (spec); the sample has `owner` (string) and `compliance` (array of string). Bounded in size.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-metadata".
 */
export interface PolicyMetadata {
  owner?: string;
  /**
   * @maxItems 50
   */
  compliance?: string[];
}
/**
 * Spec, "Key set (JWKS)": the public keys that verify access tokens, current and recently retired.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "jwks".
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
/**
 * RFC 6749 section 5.2 error body, answered by the OAuth endpoints.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "oauth-error".
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
/**
 * Body of POST /oauth/token, as JSON (spec) or application/x-www-form-urlencoded (RFC 6749). Client credentials may come in the body or as HTTP Basic, not both. Unknown parameters are ignored, as RFC 6749 section 3.2 requires.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "oauth-token-request".
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
/**
 * Spec, "Token response". client_credentials responses carry created_at and no refresh_token; refresh responses carry refresh_token and no created_at.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "oauth-token-response".
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
/**
 * Spec, "Pagination envelope": the pagination member. pages is ceil(total / per_page), 0 when there is nothing.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "pagination".
 */
export interface Pagination {
  total: number;
  page: number;
  per_page: number;
  pages: number;
}
/**
 * Spec, "Policy": the full policy, as answered by create, get and restore/rollback.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy".
 */
export interface Policy {
  id: string;
  name: string;
  description: string;
  status: PolicyStatus;
  version: number;
  rules: PolicyRule[];
  metadata: PolicyMetadata;
  created_at: string;
  updated_at: string;
  created_by?: string;
  updated_by?: string;
  deleted_at?: string;
  deleted_by?: string;
}
/**
 * Spec: the answer of DELETE /policies/{id}. The policy is recoverable with POST /policies/{id}/restore.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-deleted".
 */
export interface PolicyDeleted {
  id: string;
  status: 'deleted';
  deleted_at: string;
  deleted_by: string;
}
/**
 * Answer of GET /policies: the pagination envelope of list items.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-list".
 */
export interface PolicyList {
  data: PolicyListItem[];
  pagination: Pagination;
}
/**
 * Spec: the list item carries id, name, description, status, version, created_at, updated_at, created_by (no rules, no metadata).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-list-item".
 */
export interface PolicyListItem {
  id: string;
  name: string;
  description: string;
  status: PolicyStatus;
  version: number;
  created_at: string;
  updated_at: string;
  created_by: string;
}
/**
 * Query of GET /policies. A limit over 100 is refused (400), not silently clamped, so a client never misses items it thinks it asked for.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-list-query".
 */
export interface PolicyListQuery {
  /**
   * Page number, from 1.
   */
  page?: number;
  /**
   * Items per page, at most 100.
   */
  limit?: number;
  /**
   * Only policies in this status. Without it, every status but deleted.
   */
  status?: 'active' | 'draft' | 'archived' | 'deleted';
  /**
   * Search: case-insensitive substring of the name or the description.
   */
  q?: string;
}
/**
 * Body of POST /policies/{id}/rollback: the earlier version whose content (name, description, rules, metadata) becomes a new version. The status stays as it is.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-rollback-request".
 */
export interface PolicyRollbackRequest {
  version: number;
}
/**
 * Body of PUT /policies/{id}: the new content; it becomes a new version. name and rules are required; description, status and metadata keep their current values when absent. Send If-Match with the version you read to refuse lost updates (412).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-update-request".
 */
export interface PolicyUpdateRequest {
  name: string;
  description?: string;
  status?: 'draft' | 'active' | 'archived';
  /**
   * @maxItems 500
   */
  rules: PolicyRule[];
  metadata?: PolicyMetadata;
}
/**
 * Spec: the answer of PUT /policies/{id}: id, name, description, status, version (incremented), rules, updated_at, updated_by.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-updated".
 */
export interface PolicyUpdated {
  id: string;
  name: string;
  description: string;
  status: PolicyStatus;
  version: number;
  rules: PolicyRule[];
  updated_at: string;
  updated_by: string;
}
/**
 * Spec, "Policy version record": the policy as it was at that version (id, version, name, rules, created_at), with its description, status, metadata and author.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-version".
 */
export interface PolicyVersion {
  id: string;
  version: number;
  name: string;
  description?: string;
  status?: PolicyStatus;
  rules: PolicyRule[];
  metadata?: PolicyMetadata;
  created_at: string;
  created_by?: string;
}
/**
 * Answer of GET /policies/{id}/versions: every version, newest first.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-version-list".
 */
export interface PolicyVersionList {
  data: {
    version: number;
    created_at: string;
    created_by: string;
  }[];
}
/**
 * An identity of kind user, service or agent (not shown in the spec; designed after Cerbos principals and Auth0 users). A user's password is never returned; has_password says whether one is set.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "principal".
 */
export interface Principal {
  id: string;
  kind: PrincipalKind;
  /**
   * Unique among live principals of its kind; users sign in with it.
   */
  name: string;
  display_name: string | null;
  attributes: PrincipalAttributes;
  status: 'active' | 'disabled' | 'deleted';
  has_password: boolean;
  created_at: string;
  updated_at: string;
  created_by: string;
  deleted_at?: string;
}
/**
 * Attributes a policy rule can test (principals.attributes): a map of scalar values. Bounded: at most 100 keys, keys up to 100 characters, strings up to 1000.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "principal-attributes".
 */
export interface PrincipalAttributes {
  [k: string]: (string | number | boolean) | undefined;
}
/**
 * Body of POST /principals. Only users may have a password (12 to 1024 characters), for signing in.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "principal-create-request".
 */
export interface PrincipalCreateRequest {
  kind: PrincipalKind;
  name: string;
  display_name?: string;
  attributes?: PrincipalAttributes;
  status?: 'active' | 'disabled';
  password?: string;
}
/**
 * Answer of GET /principals: the same pagination envelope as policies.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "principal-list".
 */
export interface PrincipalList {
  data: Principal[];
  pagination: Pagination;
}
/**
 * Query of GET /principals, paginated like policies (limit at most 100, 400 above).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "principal-list-query".
 */
export interface PrincipalListQuery {
  page?: number;
  limit?: number;
  kind?: PrincipalKind;
  /**
   * Without it, every status but deleted.
   */
  status?: 'active' | 'disabled' | 'deleted';
  /**
   * Attribute filter as name=value, repeatable (all must match), e.g. attribute=department=engineering. Values compare as text.
   *
   * @maxItems 10
   */
  attribute?: string[];
  /**
   * Search: case-insensitive substring of the name or display name.
   */
  q?: string;
}
/**
 * Body of PATCH /principals/{id}: a JSON merge patch (RFC 7396). A member set to null removes it: in attributes, that attribute; display_name and password, their value. kind cannot change.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "principal-patch-request".
 */
export interface PrincipalPatchRequest {
  name?: string;
  display_name?: string | null;
  attributes?: {
    [k: string]: (string | number | boolean | null) | undefined;
  };
  status?: 'active' | 'disabled';
  password?: string | null;
}
/**
 * RFC 9457 problem details, the body of every REST API error (media type application/problem+json).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "problem".
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
/**
 * Spec, "Simulation response". Nothing is enforced or recorded.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "simulation-response".
 */
export interface SimulationResponse {
  decision: 'allow' | 'deny';
  matched_rules: {
    /**
     * Zero-based index into the policy's rules.
     */
    rule_index: number;
    effect: 'allow' | 'deny';
    /**
     * Readable, e.g. `risk_score 30 < 50`.
     */
    conditions_met: string[];
  }[];
  evaluation_time_ms: number;
  timestamp: string;
  explanation: string;
  /**
   * Why rules of the policy did not match, when the decision is deny.
   */
  reasons?: string[];
}

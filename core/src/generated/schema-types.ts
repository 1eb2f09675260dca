// Generated from schemas/ by `npm run gen:types`. Do not edit by hand.
/* eslint-disable */

/**
 * user: a person; service: a workload; agent: an automated actor such as an AI agent.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "principal-kind".
 */
export type PrincipalKind = 'user' | 'service' | 'agent';
/**
 * RFC 8693 section 4.1: the agents that acted for an event's actor through token exchange, nearest first: the agent that made the request, then the one it acted for, and so on. The caller's delegated access token's `act` claim (verified with the token), its nesting flattened; the actor stays the token's subject, the person.
 *
 * @minItems 1
 * @maxItems 32
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "actor-chain".
 */
export type ActorChain = {
  /**
   * The agent's subject: its agent principal's id, or its client id when the client is its own subject.
   */
  sub: string;
  /**
   * The OAuth client the agent's own token was issued to.
   */
  client_id?: string;
  kind?: PrincipalKind;
}[];
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
 * What the token is for, e.g. `ci-deploy`: a name (name.json: no control, bidirectional or zero-width character, not shaped like an id, in NFC), at most 100 characters.
 */
export type Name = string;
/**
 * Whether an API token still works: `active` (neither revoked nor expired), `expired`, or `revoked` (revocation wins over expiry).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "api-token-status".
 */
export type ApiTokenStatus = 'active' | 'expired' | 'revoked';
/**
 * Every domain event type: the keys of server/src/events/catalog.ts (a test checks they agree). docs/events.md describes each with its payload.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-event-type".
 */
export type AuditEventType =
  | 'policy.created'
  | 'policy.updated'
  | 'policy.deleted'
  | 'policy.restored'
  | 'policy.rolled_back'
  | 'policy.taken_over'
  | 'policy_set.applied'
  | 'principal.created'
  | 'principal.updated'
  | 'principal.deleted'
  | 'client.created'
  | 'client.deleted'
  | 'client.secret_rotated'
  | 'api_token.created'
  | 'api_token.refreshed'
  | 'token.revoked'
  | 'delegation.granted'
  | 'delegation.revoked'
  | 'signing_key.rotated'
  | 'auth.token_issued'
  | 'auth.signed_in'
  | 'auth.signed_out'
  | 'auth.failed'
  | 'decision.evaluated'
  | 'decision.planned'
  | 'decisions.recorded'
  | 'audit.retention_applied'
  | 'webhook.created'
  | 'webhook.updated'
  | 'webhook.deleted'
  | 'webhook.disabled'
  | 'webhook.test'
  | 'report.completed'
  | 'report.failed';
/**
 * access_summary: decisions over the period, counted by decision, resource type, action and principal, with the most denied requests. policy_change_history: every policy change of the period, who and when. compliance: policies grouped by their metadata.compliance tags, with every change to them in the period.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-report-kind".
 */
export type AuditReportKind = 'access_summary' | 'policy_change_history' | 'compliance';
export type Chains = {
  chain: 'change' | 'decision';
  valid: boolean;
  events_checked: number;
  /**
   * Where the chain starts after retention: the last deleted event (null when nothing was deleted).
   */
  anchor: {
    sequence: number;
    hash: string;
  } | null;
  /**
   * The last event checked.
   */
  head: {
    sequence: number;
    hash: string;
  } | null;
  first_broken_link: null | AuditBrokenLink;
}[];
/**
 * An attribute value a request may carry on its resource: a string, number or boolean, or an array of them.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-attribute-value".
 */
export type PolicyAttributeValue = ((string | number | boolean) | (string | number | boolean)[]) | undefined;
/**
 * The version of the shape of the CLI's JSON documents (--json, --format json, the error object), first in each. It changes only when a field is removed or changes meaning; new fields do not change it. A string, as Terraform's format_version.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/format-version".
 */
export type CliFormatVersion = '1';
/**
 * This interface was referenced by `CliPolicyPlanFile`'s JSON-Schema
 * via the `definition` "change".
 */
export type CliPlanChange =
  | {
      name: string;
      file: string;
      line: number;
      col: number;
      action: 'create';
      content: PolicyCreateRequest;
      content_hash: string;
      /**
       * The deleted policy of this name and owner: apply restores it with this content (a change set's restore), keeping its id and history, instead of creating another.
       */
      restores?: {
        id: string;
        expected_version: number;
      };
    }
  | {
      name: string;
      file: string;
      line: number;
      col: number;
      action: 'update';
      id: string;
      expected_version: number;
      content: PolicyCreateRequest;
      content_hash: string;
      diff: CliPolicyDiffEntry[];
      drift?: CliPlanDrift;
    }
  | {
      name: string;
      file: string;
      line: number;
      col: number;
      action: 'unchanged';
      id: string;
      version: number;
    }
  | {
      name: string;
      file: string;
      line: number;
      col: number;
      action: 'blocked';
      id: string;
      reason: string;
    }
  | {
      action: 'delete';
      name: string;
      id: string;
      expected_version: number;
    }
  | {
      action: 'orphaned';
      name: string;
      id: string;
      version: number;
    };
/**
 * The one rule for the name of a principal, a policy, an OAuth client or an API token (core/src/names.ts says it in code; test/schemas/names.test.ts holds the two equal). Anchored on RFC 8264 (PRECIS) and UAX #31: 1 to 200 characters, no control, bidirectional or zero-width character, no spaces around it, not shaped like an id (a UUID), and in Unicode Normalization Form C (the nfc format; RFC 8265 section 3.4). A name not in NFC is refused, not rewritten.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "name".
 */
export type Name1 = string;
/**
 * Spec, "Condition" ({ type, operator, value }), extended where the spec says "not shown" (docs/policies.md lists the vocabulary). Every condition is true, false or unknown: a value the request lacks, or a value of the wrong kind, makes it unknown, and unknown is never permissive: an allow rule applies only when every condition is true, a deny rule unless some condition is false. `not` of unknown is unknown; `any_of` is true when one of its conditions is true, else unknown when one is unknown.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-condition".
 */
export type PolicyCondition =
  | TimeCondition
  | RiskScoreCondition
  | MfaVerifiedCondition
  | DeviceTrustedCondition
  | IpAddressCondition
  | AttributeCondition
  | AnyOfCondition
  | NotCondition;
/**
 * The request time: within a daily window (`between`, optionally on some days of the week), or before or after an instant (`before`, `after`). The time is always known: the engine's clock, or a simulation's context.timestamp.
 */
export type TimeCondition = TimeBetweenCondition | TimeBeforeCondition | TimeAfterCondition;
/**
 * Compares a value of the request (`attribute`, a path) with a literal or another value of the request (`to`). equals, not_equals: same kind (string, number, boolean); in, not_in: one of a list; contains: an array holds the value; starts_with, ends_with: strings; greater_than, greater_than_or_equal, less_than, less_than_or_equal: numbers; exists, not_exists: the request carries a value at the path (`to` omitted), never unknown. A missing value or a value of the wrong kind makes the condition unknown.
 */
export type AttributeCondition =
  | AttributeEqualityCondition
  | AttributeMembershipCondition
  | AttributeTextCondition
  | AttributeNumberCondition
  | AttributePresenceCondition;
/**
 * A value of the request an `attribute` condition reads: `principal.id`, `principal.type`, `principal.attributes.NAME`, `resource.type`, `resource.identifier`, `resource.attributes.NAME` or `context.NAME` (NAME is the rest of the path, dots included); `context.delegation` is reserved for its fields `context.delegation.depth`, `.actors`, `.actor_types`, `.subject` and `.verified` (request-delegation.json). A value the request lacks is unknown (policy-condition.json).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-attribute-path".
 */
export type PolicyAttributePath = string;
export type Changes = CliPlanChange[];
export type MatchedRules = {
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
/**
 * Why rules of the policy did not match, when the decision is deny.
 */
export type Reasons = string[];
/**
 * Answer of GET /decisions/{id}: a recorded decision (decision-record.json, no `kind`), or a recorded query plan (plan-record.json, `kind` plan). Both are recorded in the decisions table, before they are answered.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision-or-plan-record".
 */
export type DecisionOrPlanRecord = DecisionRecord | PlanRecord;
/**
 * Spec, "Policy status": draft (not enforced), active (enforced), archived (not enforced), deleted (soft-deleted, recoverable with POST /policies/{id}/restore).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-status".
 */
export type PolicyStatus = 'draft' | 'active' | 'archived' | 'deleted';
/**
 * One change of a change set (POST /policy-sets), on one policy. `if_match` is the version the change expects the policy to be at (as the If-Match header of the single-policy routes): a policy at another version refuses the whole set. A set changes each policy at most once.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-set-change".
 */
export type PolicySetChange =
  PolicySetCreate | PolicySetUpdate | PolicySetDelete | PolicySetRestore | PolicySetRollback;
/**
 * An event type that webhooks receive: the events of server/src/events/catalog.ts marked `webhook` (a test checks they agree). docs/webhooks.md describes each.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-event-type".
 */
export type WebhookEventType =
  | 'policy.created'
  | 'policy.updated'
  | 'policy.deleted'
  | 'policy.restored'
  | 'policy.rolled_back'
  | 'policy.taken_over'
  | 'policy_set.applied'
  | 'principal.created'
  | 'principal.updated'
  | 'principal.deleted'
  | 'client.created'
  | 'client.deleted'
  | 'client.secret_rotated'
  | 'api_token.created'
  | 'api_token.refreshed'
  | 'token.revoked'
  | 'delegation.granted'
  | 'delegation.revoked'
  | 'signing_key.rotated'
  | 'auth.failed'
  | 'webhook.created'
  | 'webhook.updated'
  | 'webhook.deleted'
  | 'webhook.disabled'
  | 'webhook.test'
  | 'report.completed'
  | 'report.failed';

/**
 * acctl.yaml, the optional configuration of a policy repository (docs/policy-files.md). Every field is optional.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "acctl-config".
 */
export interface AcctlConfig {
  /**
   * URL of the acctl server the policies are applied to (when no environment is chosen).
   */
  server?: string;
  /**
   * Ownership label: the team or repository that owns these policies. `acctl policy apply` writes it into each policy's metadata.managed_by, and `--prune` deletes only policies carrying it.
   */
  owner?: string;
  /**
   * Globs (relative to this file's folder; `*`, `**`, `?`, `{a,b}`) of the policy and test files. A name ending in .test.yaml or .test.yml is a test file. Default: ** /*.yaml and ** /*.yml. A glob starting with ! excludes.
   *
   * @minItems 1
   * @maxItems 100
   */
  files?: string[];
  /**
   * Per-environment settings, by environment name (e.g. staging, production).
   */
  environments?: {
    [k: string]:
      | {
          /**
           * URL of this environment's acctl server.
           */
          server?: string;
          /**
           * Free values for this environment (names to strings, numbers or booleans), read by the commands that talk to a server.
           */
          values?: {
            [k: string]: (string | number | boolean) | undefined;
          };
        }
      | undefined;
  };
}
/**
 * RFC 8693 section 4.1: the actor of a token issued by token exchange, who acts for its `sub`; `act` is the actor before it, of the same shape (nearest actor first).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "actor-claim".
 */
export interface ActorClaim {
  /**
   * The actor token's subject: the agent client's id (a client_credentials token) or a principal id.
   */
  sub: string;
  /**
   * The client the actor token was issued to.
   */
  client_id?: string;
  act?: ActorClaim;
}
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
   * The secret: `acctl_api_`, 43 random base62 characters (256 bits) and a 6-character base62 CRC32 checksum of them, so secret scanners can recognise it (docs/security.md, "Secret formats").
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
  name: Name;
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
 * Answer of GET /auth/tokens: the pagination envelope, newest first. A caller sees the tokens it owns; admin:all sees every owner's.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "api-token-list".
 */
export interface ApiTokenList {
  data: ApiTokenSummary[];
  pagination: Pagination;
}
/**
 * An API token as GET /auth/tokens lists it: what it is, whose, what it may do and when it was last used. Never the token: the service keeps only its SHA-256.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "api-token-summary".
 */
export interface ApiTokenSummary {
  id: string;
  name: string;
  /**
   * The token's last four characters (of its checksum), to tell which listed token one holds.
   */
  token_hint: string;
  scopes: Scope[];
  /**
   * The subject the token acts as: its creator's subject (a user's principal id, or a client id).
   */
  owner: string;
  /**
   * Subject of the token that created it (on rotation, of the token that rotated it).
   */
  created_by: string;
  created_at: string;
  /**
   * When it last authenticated a request, recorded at most once a minute (as GitHub records a personal access token's last use); null when never used.
   */
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  status: ApiTokenStatus;
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
 * Query of GET /auth/tokens, paginated like the other resource lists (limit at most 100, 400 above). Without `status`, every status but revoked.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "api-token-list-query".
 */
export interface ApiTokenListQuery {
  /**
   * Page number, from 1.
   */
  page?: number;
  /**
   * Items per page, at most 100.
   */
  limit?: number;
  status?: ApiTokenStatus;
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
 * Body of DELETE /auth/revoke. Without a body the presented bearer token revokes itself. `token` revokes an API token or a JWT access token by its value, `id` an API token by id. By value, whoever holds a token may revoke it (possession is the proof); by id, only the presented token itself or a caller with admin:all.
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
 * The names of the actors on one page of a list, keyed by the id the items carry (`actor.subject` and `actor.client_id` of events, `requested_by.subject` of reports): a principal's name (a user's username), an OAuth client's name. An API token acts as its owner, so its events name the owner. A deleted principal keeps its last name here (the id beside it tells it from a later principal of that name). Ids that name nothing stored (`cli:<os user>`, `system:<job>`, `anonymous`, an id never known) are absent. After GitHub's audit log, which shows the `actor` login beside `actor_id`: the events themselves carry ids only, since they are hash-chained and a rename must not change a recorded event.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-actor-names".
 */
export interface AuditActorNames {
  [k: string]: string | undefined;
}
/**
 * Where a hash chain of the audit log breaks: the event and what is wrong with it.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-broken-link".
 */
export interface AuditBrokenLink {
  chain: 'change' | 'decision';
  event_id: string;
  sequence: number;
  /**
   * hash_mismatch: the event's contents are not what was hashed (it was edited). prev_hash_mismatch: it does not link to the event before it (an event before it was deleted, inserted or edited together with its hash). retained_event_present: a decision event that retention recorded as deleted is still there. decision_record_mismatch: a decisions.recorded event's digest is not the digest of the decisions it names as they are stored now (one was changed or deleted).
   */
  problem: 'hash_mismatch' | 'prev_hash_mismatch' | 'retained_event_present' | 'decision_record_mismatch';
  detail: string;
  expected?: string;
  actual?: string;
}
/**
 * One entry of the audit log (GET /audit/events). The fields follow Okta's System Log LogEvent (actor, client ip and user agent, outcome, target, transaction id), with the change as before/after snapshots as Stripe's and AWS Config's change records carry it. `hash` is the SHA-256 of the RFC 8785 canonical JSON of every other member (prev_hash included), so anyone holding the events can check the chain.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-event".
 */
export interface AuditEvent {
  /**
   * The event's id; a decision.evaluated event has the decision's id (GET /decisions/{id}).
   */
  id: string;
  /**
   * Position in the log: strictly increasing in commit order, shared by both chains. Cursors are built on it.
   */
  sequence: number;
  /**
   * The hash chain the event belongs to: decision.evaluated and decisions.recorded events have their own, so retention can delete them without breaking the chain of changes.
   */
  chain: 'change' | 'decision';
  type: AuditEventType;
  /**
   * When the change happened (the clock reading the change itself used), ISO 8601 UTC.
   */
  time: string;
  /**
   * Who did it. With an access token from token exchange (RFC 8693), `subject` is the person the token was made for and `act` the agents that acted for them, nearest first (the token's `act` claim, verified with it). `act` is absent otherwise, so an event without a chain hashes as events did before chains were recorded.
   */
  actor: {
    /**
     * Who: the token's subject (principal id or client id), `cli:<os user>`, `system:<job>`, or `anonymous`.
     */
    subject: string;
    /**
     * The OAuth client the token was issued to, when there is one.
     */
    client_id: string | null;
    /**
     * How the actor authenticated.
     */
    token_kind: 'access_token' | 'api_token' | 'session' | 'cli' | 'system' | 'anonymous';
    act?: ActorChain;
  };
  /**
   * What it happened to, e.g. { type: policy, id }.
   */
  target: {
    type: string;
    id: string;
  };
  outcome: 'success' | 'failure';
  /**
   * The HTTP request that made the change (all null for CLI and background jobs).
   */
  request: {
    /**
     * The id the server gave the request: its answer's X-Request-Id, `request_id` in the server log and in problems.
     */
    id: string | null;
    /**
     * The X-Request-Id the caller sent, when short and plain (`[A-Za-z0-9._:-]{1,128}`): the caller's own, which anyone can choose (as Azure's clientRequestId beside its own request id). Absent when the caller sent none, so events recorded before it was kept hash as they did.
     */
    client_request_id?: string;
    ip: string | null;
    user_agent: string | null;
  };
  /**
   * The state before and after, as the API shows the resource (null before a creation, after a deletion). Secrets never appear here.
   */
  change: null | {
    before: unknown;
    after: unknown;
  };
  /**
   * Facts beyond the change, by event type (docs/events.md): a failure's reason, a decision's inputs and result.
   */
  data: {
    [k: string]: unknown | undefined;
  };
  /**
   * The hash of the previous event of the same chain (64 zeros for the first; after retention, the first remaining decision event links to the hash recorded by audit.retention_applied).
   */
  prev_hash: string;
  /**
   * SHA-256 (hex) of the RFC 8785 canonical JSON of this object without `hash`.
   */
  hash: string;
}
/**
 * Answer of GET /audit/events: newest first. `next_cursor` fetches the next (older) page and stays valid while new events arrive; null on the last page. `names` names the page's actors (`actor.subject`, `actor.client_id`) beside their ids.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-event-list".
 */
export interface AuditEventList {
  data: AuditEvent[];
  next_cursor: string | null;
  names: AuditActorNames;
}
/**
 * Query of GET /audit/events. Every filter narrows the result (AND); repeated `type` values, and comma-separated ones, are alternatives (OR).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-event-list-query".
 */
export interface AuditEventListQuery {
  /**
   * Event type, repeatable or comma-separated; `policy.*` is every policy event.
   *
   * @maxItems 30
   */
  type?: string[];
  /**
   * Only changes (and authentication events), or only decisions.
   */
  chain?: 'change' | 'decision';
  /**
   * One event by its id (a decision's event has the decision's id): the page then holds that event, or none, with `names` for its actors. What `acctl audit get` shows names from, as Okta's System Log filters by `uuid`.
   */
  id?: string;
  /**
   * The actor's subject.
   */
  actor?: string;
  /**
   * The actor by name: a principal's name (live ones and OAuth clients by name first, then deleted principals; the exact spelling wins over another case), else the value as a subject (a client id, `cli:<os user>`). Two actors of that name: 400 validation_failed naming them (give the id).
   */
  actor_name?: string;
  target_type?: string;
  target_id?: string;
  outcome?: 'success' | 'failure';
  /**
   * Events at or after this time (ISO 8601 with a time zone).
   */
  since?: string;
  /**
   * Events before this time.
   */
  until?: string;
  limit?: number;
  /**
   * `next_cursor` of the previous page, as is.
   */
  cursor?: string;
}
/**
 * Answer of POST /audit/reports (202, status pending) and GET /audit/reports/{id}. Reports run in the background on any replica: poll until status is completed (then `result` is present) or failed (then `error` is). The pattern is the asynchronous request-reply of RFC 9110 section 15.3.3 (202 Accepted with a status monitor in Location).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-report".
 */
export interface AuditReport {
  id: string;
  kind: AuditReportKind;
  status: 'pending' | 'running' | 'completed' | 'failed';
  /**
   * The period as the report uses it: until defaults to the request's time.
   */
  parameters: {
    since: string | null;
    until: string;
    tags?: string[];
  };
  requested_by: {
    subject: string;
    client_id: string | null;
    token_kind: string;
  };
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  progress: {
    events_processed: number;
  };
  /**
   * Why a failed report failed.
   */
  error?: string;
  /**
   * When completed: the result of its kind. With Accept: text/csv or ?format=csv, the same rows as CSV instead.
   */
  result?: AuditReportAccessSummary | AuditReportPolicyChangeHistory | AuditReportCompliance;
}
/**
 * Result of an access_summary report: decision.evaluated events of the period. Lists are ordered by total, largest first.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-report-access-summary".
 */
export interface AuditReportAccessSummary {
  totals: {
    evaluated: number;
    allow: number;
    deny: number;
  };
  by_resource_type: {
    resource_type: string;
    allow: number;
    deny: number;
    total: number;
  }[];
  by_action: {
    action: string;
    allow: number;
    deny: number;
    total: number;
  }[];
  by_principal: {
    /**
     * Null for requests that named no principal id.
     */
    principal_id: string | null;
    principal_type: string;
    allow: number;
    deny: number;
    total: number;
  }[];
  /**
   * The 10 (principal, resource, action) most often denied.
   *
   * @maxItems 10
   */
  top_denied: {
    principal_id: string | null;
    principal_type: string;
    resource_type: string;
    resource: string;
    action: string;
    deny: number;
  }[];
}
/**
 * Result of a policy_change_history report: every policy event of the period, oldest first.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-report-policy-change-history".
 */
export interface AuditReportPolicyChangeHistory {
  totals: {
    changes: number;
  };
  changes: {
    sequence: number;
    event_id: string;
    time: string;
    type: string;
    policy_id: string;
    policy_name: string | null;
    version: number | null;
    actor_subject: string;
    actor_client_id: string | null;
    actor_token_kind: string;
    /**
     * The actor's name when the report ran (a principal's name, an OAuth client's name), as acctl audit events shows it; null for actors that name themselves (cli:, system:) or are gone.
     */
    actor_name: string | null;
    /**
     * The commit of the policy repository that acctl policy apply recorded on the version (metadata.provenance.commit); null otherwise.
     */
    commit: string | null;
    /**
     * The CI run that applied the version (metadata.provenance.run_url); null otherwise.
     */
    run_url: string | null;
    request_id: string | null;
    source_ip: string | null;
    /**
     * Top-level fields whose value differs between before and after.
     */
    changed_fields: string[];
  }[];
}
/**
 * Result of a compliance report: the live policies under each metadata.compliance tag (as they are when the report runs), and every change of the period to a policy that carried the tag before or after it, by tag then oldest first.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-report-compliance".
 */
export interface AuditReportCompliance {
  totals: {
    tags: number;
    policies: number;
    changes: number;
  };
  tags: {
    tag: string;
    policies: number;
    changes: number;
  }[];
  policies: {
    tag: string;
    policy_id: string;
    policy_name: string;
    status: string;
    version: number;
    updated_at: string;
    updated_by: string;
  }[];
  changes: {
    tag: string;
    sequence: number;
    event_id: string;
    time: string;
    type: string;
    policy_id: string;
    policy_name: string | null;
    version: number | null;
    actor_subject: string;
    actor_client_id: string | null;
    actor_token_kind: string;
    request_id: string | null;
    source_ip: string | null;
    /**
     * Top-level fields whose value differs between before and after.
     */
    changed_fields: string[];
  }[];
}
/**
 * Body of POST /audit/reports. The period is [since, until): without since, from the first event; without until, up to the moment of the request.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-report-create-request".
 */
export interface AuditReportCreateRequest {
  kind: AuditReportKind;
  since?: string;
  until?: string;
  /**
   * compliance only: report on these tags only.
   *
   * @minItems 1
   * @maxItems 50
   */
  tags?: string[];
}
/**
 * Answer of GET /audit/reports: the reports, newest first, each as GET /audit/reports/{id} shows it without its `result` (fetch that one by one). `next_cursor` fetches the next (older) page and stays valid while new reports are requested; null on the last page. `names` names who asked for each (`requested_by.subject`).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-report-list".
 */
export interface AuditReportList {
  data: AuditReport[];
  next_cursor: string | null;
  names: AuditActorNames;
}
/**
 * Query of GET /audit/reports. Every filter narrows the result (AND).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-report-list-query".
 */
export interface AuditReportListQuery {
  kind?: AuditReportKind;
  status?: 'pending' | 'running' | 'completed' | 'failed';
  /**
   * Page size.
   */
  limit?: number;
  /**
   * `next_cursor` of the previous page, as is.
   */
  cursor?: string;
}
/**
 * Query of GET /audit/reports/{id}.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-report-query".
 */
export interface AuditReportQuery {
  /**
   * csv: the result as CSV (as Accept: text/csv does); only for a completed report.
   */
  format?: 'json' | 'csv';
}
/**
 * Answer of GET /audit/verify: each chain checked from its start (or its retention anchor) to its head. Record the heads somewhere else: a later verification whose heads are behind them shows events deleted from the end.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "audit-verify".
 */
export interface AuditVerification {
  valid: boolean;
  verified_at: string;
  chains: Chains;
  /**
   * The earliest broken link (by sequence) of any chain.
   */
  first_broken_link: null | AuditBrokenLink;
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
  /**
   * RFC 7009 token revocation.
   */
  revocation_endpoint?: string;
  revocation_endpoint_auth_methods_supported?: string[];
  /**
   * RFC 8414: the algorithms of private_key_jwt assertions.
   */
  revocation_endpoint_auth_signing_alg_values_supported?: string[];
  /**
   * RFC 7662 token introspection.
   */
  introspection_endpoint?: string;
  introspection_endpoint_auth_methods_supported?: string[];
  /**
   * RFC 8414: the algorithms of private_key_jwt assertions.
   */
  introspection_endpoint_auth_signing_alg_values_supported?: string[];
  /**
   * RFC 9207: authorization responses carry iss.
   */
  authorization_response_iss_parameter_supported?: boolean;
  /**
   * RFC 9728 section 4: the resource identifiers (RFC 8707) this server issues access tokens for: its own API (the issuer) first, then config `resources`.
   */
  protected_resources?: string[];
  /**
   * RFC 9449 section 5.1: the JWS algorithms a DPoP proof may be signed with.
   */
  dpop_signing_alg_values_supported?: string[];
}
/**
 * AuthZEN Authorization API 1.0, Action: `name` is our action. No rule can test an action's `properties`: they are accepted (bounded) and take no part in the decision.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-action".
 */
export interface AuthzenAction {
  name: string;
  properties?: {
    [k: string]: (string | number | boolean | null) | undefined;
  };
}
/**
 * AuthZEN Authorization API 1.0 Policy Decision Point metadata, served at /.well-known/authzen-configuration. Members with no value are omitted: search_resource_endpoint, since acctl holds no resource inventory (POST /v1/decisions/plan answers that question).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-configuration".
 */
export interface AuthzenConfiguration {
  /**
   * The PDP's identifier: the server's public URL, from which this document's URL is made.
   */
  policy_decision_point: string;
  access_evaluation_endpoint: string;
  access_evaluations_endpoint?: string;
  search_subject_endpoint?: string;
  search_resource_endpoint?: string;
  search_action_endpoint?: string;
}
/**
 * AuthZEN Authorization API 1.0, Context: our request context, bounded as simulation-request.json's (scalar values; ip_address, timestamp, risk_score, device_trusted, mfa_verified typed).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-context".
 */
export interface AuthzenContext {
  ip_address?: string;
  timestamp?: string;
  risk_score?: number;
  device_trusted?: boolean;
  mfa_verified?: boolean;
  [k: string]: (string | number | boolean | null) | undefined;
}
/**
 * The `context` of an AuthZEN evaluation answer: the recorded decision as POST /v1/decisions/evaluate answers it, less its allow/deny (`id` is the decision's id: GET /v1/decisions/{id}), disclosing what the caller's scopes may see (`detail`).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-decision-context".
 */
export interface AuthzenDecisionContext {
  id: string;
  matched_rules: {}[];
  reasons: string[];
  explanation: string;
  policy_versions: {
    [k: string]: number | undefined;
  };
  evaluation_time_ms: number;
  timestamp: string;
  detail: 'full' | 'summary';
}
/**
 * Body of POST /access/v1/evaluation (AuthZEN Authorization API 1.0, Access Evaluation Request): the 4-tuple subject, action, resource and optional context.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-evaluation-request".
 */
export interface AuthzenEvaluationRequest {
  subject: AuthzenSubject;
  action: AuthzenAction;
  resource: AuthzenResource;
  context?: AuthzenContext;
}
/**
 * AuthZEN Authorization API 1.0, Subject: the principal asking. `type` user, service or agent (any case) is our USER, SERVICE or AGENT; any other type is passed as it is. `id` is the principal's id (a stored principal's attributes are merged, as POST /v1/decisions/evaluate does); `properties` are its attributes.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-subject".
 */
export interface AuthzenSubject {
  type: string;
  id: string;
  properties?: PrincipalAttributes;
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
 * AuthZEN Authorization API 1.0, Resource: our resource, `id` its identifier and `properties` its attributes (bounded as simulation-request.json's resource).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-resource".
 */
export interface AuthzenResource {
  type: string;
  id: string;
  properties?: {
    [k: string]: PolicyAttributeValue | undefined;
  };
}
/**
 * Answer of POST /access/v1/evaluation (AuthZEN Authorization API 1.0, Access Evaluation Response): `decision` true when allowed. `context` is the recorded decision as POST /v1/decisions/evaluate answers it, without its allow/deny (`id` is the decision's id: GET /v1/decisions/{id}), disclosing what the caller's scopes may see (`detail`).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-evaluation-response".
 */
export interface AuthzenEvaluationResponse {
  decision: boolean;
  context: AuthzenDecisionContext;
}
/**
 * Body of POST /access/v1/evaluations (AuthZEN Authorization API 1.0, Access Evaluations Request). The top-level subject, action, resource and context are defaults: each is used by every item of `evaluations` that does not give its own (an item's value replaces the default whole). Without `evaluations`, or with an empty one, the request is a single evaluation of the top-level 4-tuple. At most 100 items, a bulk operation for rate limits.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-evaluations-request".
 */
export interface AuthzenEvaluationsRequest {
  subject?: AuthzenSubject;
  action?: AuthzenAction;
  resource?: AuthzenResource;
  context?: AuthzenContext;
  /**
   * @maxItems 100
   */
  evaluations?: {
    subject?: AuthzenSubject;
    action?: AuthzenAction;
    resource?: AuthzenResource;
    context?: AuthzenContext;
  }[];
  /**
   * How the evaluations run. `evaluations_semantic`: execute_all (default) evaluates every item; deny_on_first_deny stops after the first denied item, permit_on_first_permit after the first permitted one (items run in order; the answer ends with the item that stopped them). Other options are accepted and ignored, as the spec's general-purpose options allow.
   */
  options?: {
    evaluations_semantic?: 'execute_all' | 'deny_on_first_deny' | 'permit_on_first_permit';
    [k: string]: (string | number | boolean | null) | undefined;
  };
}
/**
 * Answer of POST /access/v1/evaluations (AuthZEN Authorization API 1.0, Access Evaluations Response): one answer per evaluated item, in order (`decision` at the top level is omitted, as the spec recommends). A request without `evaluations` is answered as POST /access/v1/evaluation.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-evaluations-response".
 */
export interface AuthzenEvaluationsResponse {
  evaluations?: AuthzenEvaluationResponse[];
  decision?: boolean;
  context?: AuthzenDecisionContext;
}
/**
 * AuthZEN Authorization API 1.0, paginated request: `token` is a previous answer's `page.next_token`, sent back as it came with the same query (another query's token is a 400); `limit` is the most results one page answers (default 50, at most 100; a page may answer fewer and still have a next_token: follow it until it is empty). `properties` are accepted (bounded) and ignored: acctl has no implementation-specific paging options.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-page-request".
 */
export interface AuthzenPageRequest {
  token?: string;
  limit?: number;
  properties?: {
    [k: string]: (string | number | boolean | null) | undefined;
  };
}
/**
 * AuthZEN Authorization API 1.0, paginated response: `next_token` is empty when the search is complete, otherwise the opaque token of the next page (send it as page.token with the same query). `count` is the number of results in this page. `total` is not given: it would take deciding every candidate.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-page-response".
 */
export interface AuthzenPageResponse {
  next_token: string;
  count: number;
}
/**
 * Body of POST /access/v1/search/action (AuthZEN Authorization API 1.0, Action Search Request): the actions `subject` may take on `resource`, among those the active policies name for the resource's type.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-search-action-request".
 */
export interface AuthzenSearchActionRequest {
  subject: AuthzenSubject;
  resource: AuthzenResource;
  context?: AuthzenContext;
  page?: AuthzenPageRequest;
}
/**
 * Answer of POST /access/v1/search/action (AuthZEN Authorization API 1.0, Action Search Response): the actions of this page, in code unit order of their names.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-search-action-response".
 */
export interface AuthzenSearchActionResponse {
  results: {
    name: string;
  }[];
  page: AuthzenPageResponse;
}
/**
 * Body of POST /access/v1/search/resource (AuthZEN Authorization API 1.0, Resource Search Request). acctl holds no resource inventory, so it answers 501 resource_search_unsupported: POST /v1/decisions/plan answers the same question as a condition over the caller's own resources.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-search-resource-request".
 */
export interface AuthzenSearchResourceRequest {
  subject: AuthzenSubject;
  action: AuthzenAction;
  resource: {
    type: string;
    id?: string;
    properties?: {
      [k: string]: PolicyAttributeValue | undefined;
    };
  };
  context?: AuthzenContext;
  page?: AuthzenPageRequest;
}
/**
 * Body of POST /access/v1/search/subject (AuthZEN Authorization API 1.0, Subject Search Request): the stored principals of `subject.type` that may take `action` on `resource`. `subject.id` may be omitted and is ignored; `subject.properties`, when given, are each candidate's inline attributes, as an evaluation's would be.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-search-subject-request".
 */
export interface AuthzenSearchSubjectRequest {
  subject: {
    type: string;
    id?: string;
    properties?: PrincipalAttributes;
  };
  action: AuthzenAction;
  resource: AuthzenResource;
  context?: AuthzenContext;
  page?: AuthzenPageRequest;
}
/**
 * Answer of POST /access/v1/search/subject (AuthZEN Authorization API 1.0, Subject Search Response): the subjects of this page, in id order, each with the type as the request sent it.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "authzen-search-subject-response".
 */
export interface AuthzenSearchSubjectResponse {
  results: {
    type: string;
    id: string;
  }[];
  page: AuthzenPageResponse;
}
/**
 * acctl audit tail --json prints NDJSON: one such object per line, one line per event, oldest first. Every line carries format_version, so a line read alone (after grep, tail -n, or a restart of the reader) still says its shape. The event is the API's (schemas/audit-event.json) untouched, so its hash can be checked as it is; names holds the names of its actor and client, as GET /audit/events answers them.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/audit-tail".
 */
export interface CliAuditTailLine {
  format_version: CliFormatVersion;
  event: AuditEvent;
  names: AuditActorNames;
}
/**
 * acctl audit verify --json: the answer of GET /v1/audit/verify (schemas/audit-verify.json), and with --against the check of the heads saved before.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/audit-verify".
 */
export interface CliAuditVerifyOutput {
  format_version: CliFormatVersion;
  valid: boolean;
  verified_at: string;
  chains: Chains;
  /**
   * The earliest broken link (by sequence) of any chain.
   */
  first_broken_link: null | AuditBrokenLink;
  against?: {
    file: string;
    saved_at: string;
    valid: boolean;
    heads: {
      chain: 'change' | 'decision';
      saved: {};
      status: 'matches' | 'changed' | 'truncated' | 'missing' | 'retained';
      actual: string | null;
    }[];
  };
}
/**
 * acctl auth token --json: a valid access token of a stored profile (refreshed first when it expires within a minute).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/auth-token".
 */
export interface CliAuthTokenOutput {
  format_version: CliFormatVersion;
  profile: string;
  access_token: string;
  expires_at: string;
}
/**
 * acctl autocomplete --json: the completion script of a shell.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/autocomplete".
 */
export interface CliAutocompleteOutput {
  format_version: CliFormatVersion;
  shell: 'bash' | 'zsh' | 'fish';
  script: string;
}
/**
 * acctl config delete --json: the profile deleted, whether it had settings, and what signing out did.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/config-delete".
 */
export interface CliConfigDeleteOutput {
  format_version: CliFormatVersion;
  profile: string;
  settings_removed: boolean;
  /**
   * Whether the server confirmed the refresh token (and its access tokens) revoked.
   */
  revoked: boolean;
  /**
   * Whether stored credentials were removed (false when the profile had none).
   */
  removed: boolean;
  warnings: string[];
}
/**
 * acctl config get --json: the stored value of a setting and the value commands use, with where it comes from.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/config-get".
 */
export interface CliConfigGetOutput {
  format_version: CliFormatVersion;
  key: 'server' | 'profile';
  /**
   * The profile the value belongs to (for server), or null for profile.
   */
  profile: string | null;
  /**
   * What config.json holds, null when unset.
   */
  value: string | null;
  /**
   * What commands use, after the precedence rules.
   */
  effective: string;
  /**
   * What named the effective value; for server, in the order of docs/cli-usage.md "Which server a command talks to".
   */
  source: 'env' | 'repository' | 'config' | 'login' | 'default';
  /**
   * With source repository: the acctl.yaml that names the server.
   */
  repository_config?: string;
}
/**
 * acctl config list --json: every profile named in config.json or credentials.json, and the current one, by name.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/config-list".
 */
export interface CliConfigListOutput {
  format_version: CliFormatVersion;
  current_profile: string;
  config_file: string;
  credentials_file: string;
  profiles: {
    name: string;
    current: boolean;
    server: string | null;
    server_source: 'config' | 'login' | null;
    signed_in: boolean;
    subject: string | null;
    username: string | null;
    expires_at: string | null;
  }[];
}
/**
 * acctl config set --json: the setting written and the file it went to.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/config-set".
 */
export interface CliConfigSetOutput {
  format_version: CliFormatVersion;
  key: 'server' | 'profile';
  profile: string | null;
  value: string;
  config_file: string;
}
/**
 * acctl config use --json: the new current profile, and whether it has settings or stored credentials yet.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/config-use".
 */
export interface CliConfigUseOutput {
  format_version: CliFormatVersion;
  current_profile: string;
  /**
   * Whether the profile has settings or stored credentials yet.
   */
  known: boolean;
}
/**
 * acctl decision plan --json: the answer of POST /v1/decisions/plan (schemas/decision-plan.json), and with --sql the plan as a PostgreSQL WHERE clause over the columns --column names (`$1`-style placeholders; usable as `SELECT ... WHERE <where>` with `params` as they are).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/decision-plan".
 */
export interface CliDecisionPlanOutput {
  format_version: CliFormatVersion;
  id: string;
  kind: 'always_allowed' | 'always_denied' | 'conditional';
  condition: {};
  policies: {
    [k: string]: number | undefined;
  };
  timestamp: string;
  sql?: {
    where: string;
    params: string[];
  };
}
/**
 * What any acctl command prints with --json when it fails (an unknown command too): the stable code scripts switch on, the exit code it exits with (cli/src/errors.ts; docs/cli-usage.md, Exit codes), a one-line message and what to do next.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/error".
 */
export interface CliError {
  format_version: CliFormatVersion;
  error: {
    code:
      | 'internal_error'
      | 'lint_failed'
      | 'apply_cancelled'
      | 'delete_cancelled'
      | 'usage_error'
      | 'config_error'
      | 'not_found'
      | 'conflict'
      | 'database_unavailable'
      | 'auth_error'
      | 'server_unreachable'
      | 'stale_plan'
      | 'denied'
      | 'delivery_failed'
      | 'chain_broken'
      | 'rate_limited'
      | 'access_widens';
    exit_code: number;
    message: string;
    suggestions: string[];
  };
}
/**
 * acctl init --json: the policy repository written.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/init".
 */
export interface CliInitOutput {
  format_version: CliFormatVersion;
  /**
   * The repository's folder, as given.
   */
  folder: string;
  owner: string;
  server: string;
  /**
   * Every file written, relative to the folder; overwritten only with --force.
   */
  files: {
    path: string;
    status: 'created' | 'overwritten';
  }[];
}
/**
 * acctl login --json: the profile signed in and where its credentials are stored (never the tokens).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/login".
 */
export interface CliLoginOutput {
  format_version: CliFormatVersion;
  profile: string;
  server: string;
  subject: string;
  /**
   * Null when the granted scopes may not read principals.
   */
  username: string | null;
  scope: string;
  expires_at: string;
  credentials_file: string;
}
/**
 * acctl logout --json: what signing out did.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/logout".
 */
export interface CliLogoutOutput {
  format_version: CliFormatVersion;
  profile: string;
  /**
   * Whether the server confirmed the refresh token (and its access tokens) revoked.
   */
  revoked: boolean;
  /**
   * Whether stored credentials were removed (false when the profile had none).
   */
  removed: boolean;
  warnings: string[];
}
/**
 * acctl policy apply --json: the plan's counts, every change written, in order (none with --dry-run), and the change set that wrote them (absent when the plan had nothing to apply).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/policy-apply".
 */
export interface CliPolicyApplyOutput {
  format_version: CliFormatVersion;
  dry_run: boolean;
  summary: CliPlanSummary;
  applied: {
    action: 'create' | 'update' | 'delete' | 'restore';
    name: string;
    id: string;
    /**
     * The version written (for a delete, the version deleted).
     */
    version: number;
  }[];
  /**
   * The change set the plan was sent as (POST /policy-sets; GET /policy-sets/{id} shows it). With --dry-run: no id and no applied_at, and counts of what it would apply.
   */
  policy_set?: {
    /**
     * Absent on a dry run. Each version the set wrote names it in metadata.provenance.policy_set.
     */
    id?: string;
    /**
     * When the set's transaction wrote it; absent on a dry run.
     */
    applied_at?: string;
    counts: Counts;
  };
}
/**
 * This interface was referenced by `CliPolicyPlanFile`'s JSON-Schema
 * via the `definition` "summary".
 */
export interface CliPlanSummary {
  create: number;
  update: number;
  delete: number;
  unchanged: number;
  drifted: number;
  orphaned: number;
  blocked: number;
}
export interface Counts {
  create: number;
  update: number;
  delete: number;
  restore: number;
  rollback: number;
}
/**
 * acctl policy diff --json: what differs between two policies (files, the server's, versions), field by field; or between two policy folders, policy by policy, with whether the change of their active policies widens or narrows access.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/policy-diff".
 */
export interface CliPolicyDiffOutput {
  format_version: CliFormatVersion;
  from: string;
  to: string;
  /**
   * Two policies: their differences. Not given for two folders (see policies).
   */
  changes?: CliPolicyDiffEntry[];
  /**
   * Two folders: each policy that differs, by name (added: only in the second folder; removed: only in the first; changed: in both, with its differences).
   */
  policies?: CliPolicyDiffPolicy[];
  access?: CliPolicyAccess;
}
/**
 * This interface was referenced by `CliPolicyPlanFile`'s JSON-Schema
 * via the `definition` "diffEntry".
 */
export interface CliPolicyDiffEntry {
  /**
   * Where, JSON-path-like and zero-based: `status`, `metadata.owner`, `rules[1].actions`, `rules[0].conditions[2].value`.
   */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  /**
   * The change in a sentence; rules are numbered from 0, as rule_index: rule 1 gains action `write`; rule 0 condition `risk_score <` 40 → 35.
   */
  text: string;
  /**
   * The rule's zero-based index in the newer policy (in the older one for a removed rule), as the spec's rule_index.
   */
  rule_index?: number;
  /**
   * On a changed value (name, status, description, a metadata key, a rule's effect, principal or resource type, an attribute's accepted values, a condition's value): the value before, keys in canonical order.
   */
  before?: string | number | boolean | unknown[] | {} | null;
  /**
   * On a changed value: the value after, keys in canonical order.
   */
  after?: string | number | boolean | unknown[] | {} | null;
}
export interface CliPolicyDiffPolicy {
  name: string;
  action: 'added' | 'removed' | 'changed';
  changes: CliPolicyDiffEntry[];
}
/**
 * Two folders: whether going from the first folder's active policies to the second's widens or narrows access (offline, no server).
 */
export interface CliPolicyAccess {
  /**
   * true: some request is denied before and allowed after (examples below); false: none, proved; "unknown": the analysis could not decide (widens_reason says why). acctl policy plan --fail-on-widen takes "unknown" as a widening.
   */
  widens: true | false | 'unknown';
  /**
   * true: some request is allowed before and denied after; false: none, proved; "unknown": not decided (narrows_reason).
   */
  narrows: true | false | 'unknown';
  /**
   * Only when widens is "unknown": why it could not be decided.
   */
  widens_reason?: string;
  /**
   * Only when narrows is "unknown": why it could not be decided.
   */
  narrows_reason?: string;
  /**
   * The instants the verdicts hold over: from the time of the run, for this many days.
   */
  horizon: {
    from: string;
    days: number;
  };
  /**
   * Up to 5 requests for each direction found, widenings first; each evaluated again by the engine on both sets before it is listed.
   *
   * @maxItems 10
   */
  examples: CliPolicyAccessExample[];
}
/**
 * This interface was referenced by `CliPolicyPlanOutput`'s JSON-Schema
 * via the `definition` "accessExample".
 */
export interface CliPolicyAccessExample {
  direction: 'widens' | 'narrows';
  /**
   * The request as the engine evaluates it: principal, resource, action, context; a request the API accepts as it is (simulation-request.json: booleans for mfa_verified and device_trusted, a number for risk_score), since the analysis searches those requests only.
   */
  request: {
    principal: {
      type: string;
      id?: string;
      attributes?: {};
    };
    resource: {
      type: string;
      identifier: string;
      attributes?: {};
    };
    action: string;
    context?: {};
  };
  /**
   * The instant the request is made at (time conditions read it).
   */
  at: string;
  before: 'allow' | 'deny';
  after: 'allow' | 'deny';
  /**
   * The policy holding the changed rule the flip starts from.
   */
  policy: string;
  /**
   * That rule's index in its policy, 0-based, as the spec's rule_index.
   */
  rule_index: number;
  /**
   * The set holding that rule: after for an allow rule added or changed (a widening) or a deny added or changed (a narrowing); before for a deny removed or changed (a widening) or an allow removed or changed (a narrowing).
   */
  rule_in: 'before' | 'after';
  /**
   * Where the responsible rule is written: the rule's line when rule_in is after (the policy's file after the change), the policy's name line in the file it is still in when rule_in is before (the rule itself is gone or changed); null when no file holds the policy (a deleted policy, a server's policy not in the files).
   */
  file: string | null;
  line: number | null;
  col: number | null;
}
/**
 * One problem in a policy, test or acctl.yaml file, as acctl policy lint and test report it: its place (1-based line and column, UTF-16 code units), the rule (docs/policy-files.md, What lint checks) and the source line with a caret under the problem.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/policy-finding".
 */
export interface CliPolicyFinding {
  /**
   * Relative to the working directory when inside it, with / separators.
   */
  file: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
  severity: 'error' | 'warning';
  rule:
    | 'unreadable-file'
    | 'yaml-syntax'
    | 'yaml-warning'
    | 'one-document'
    | 'unknown-field'
    | 'missing-field'
    | 'wrong-type'
    | 'invalid-value'
    | 'unknown-time-zone'
    | 'empty-time-window'
    | 'unknown-attribute-path'
    | 'conditions-too-deep'
    | 'condition-never-holds'
    | 'unreachable-rule'
    | 'unknown-principal-type'
    | 'duplicate-policy-name'
    | 'duplicate-rule'
    | 'shadowed-rule'
    | 'unknown-reference'
    | 'missing-time';
  message: string;
  /**
   * A replacement for the text at the place, when there is an obvious one (the nearest field name).
   */
  suggestion?: string;
  excerpt: string;
  related?: {
    file: string;
    line: number;
    col: number;
  }[];
}
/**
 * acctl policy fmt --json: the files not in canonical form (rewritten, or with --check only listed).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/policy-fmt".
 */
export interface CliPolicyFmtOutput {
  format_version: CliFormatVersion;
  changed: string[];
  checked: boolean;
  files: number;
  /**
   * With --diff: each changed file's unified diff, by file.
   */
  diffs?: {
    [k: string]: string | undefined;
  };
  /**
   * With stdin: the file in canonical form.
   */
  formatted?: string;
  /**
   * Files that could not be parsed, left as they are.
   */
  findings: CliPolicyFinding[];
}
/**
 * acctl policy history --json: the versions of a policy, newest first, with what changed in each.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/policy-history".
 */
export interface CliPolicyHistoryOutput {
  format_version: CliFormatVersion;
  policy_id: string;
  /**
   * The policy's current name.
   */
  name: string;
  names: AuditActorNames1;
  versions: {
    version: number;
    created_at: string;
    created_by: string | null;
    status: string | null;
    rules: number;
    changes: string[];
  }[];
}
/**
 * The names of the actors on one page of a list, keyed by the id the items carry (`actor.subject` and `actor.client_id` of events, `requested_by.subject` of reports): a principal's name (a user's username), an OAuth client's name. An API token acts as its owner, so its events name the owner. A deleted principal keeps its last name here (the id beside it tells it from a later principal of that name). Ids that name nothing stored (`cli:<os user>`, `system:<job>`, `anonymous`, an id never known) are absent. After GitHub's audit log, which shows the `actor` login beside `actor_id`: the events themselves carry ids only, since they are hash-chained and a rename must not change a recorded event.
 */
export interface AuditActorNames1 {
  [k: string]: string | undefined;
}
/**
 * acctl policy impact --json: recorded decisions replayed against the local policies, and those whose outcome they change.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/policy-impact".
 */
export interface CliPolicyImpactOutput {
  format_version: CliFormatVersion;
  ok: boolean;
  period: {
    since: string;
    until: string;
    limit: number;
    truncated: boolean;
    oldest: string | null;
  };
  summary: {
    replayed: number;
    flips: number;
    deny_to_allow: number;
    allow_to_deny: number;
    drifted: number;
  };
  /**
   * The plan's policies (as acctl policy plan plans the folder, with --prune as given), by what applying it does to the enforced set.
   */
  policies: {
    added: string[];
    changed: string[];
    deactivated: string[];
    unchanged: string[];
    inactive: string[];
    /**
     * Deleted by the plan (--prune): gone from the folder, carrying its owner label.
     */
    deleted: string[];
  };
  /**
   * Deny to allow first, then allow to deny; newest first within each.
   */
  flips: {
    direction: 'deny_to_allow' | 'allow_to_deny';
    decision_id: string;
    timestamp: string;
    recorded: 'allow' | 'deny';
    before: 'allow' | 'deny';
    after: 'allow' | 'deny';
    cause: {
      policy: string;
      rule_index: number | null;
      file: string | null;
      line: number | null;
      col: number | null;
    };
    request: SimulationRequest;
    explanation: string;
    matched_rules: {
      policy: string;
      rule: number;
      effect: 'allow' | 'deny';
    }[];
  }[];
}
/**
 * Spec, "Simulation request": the access request to evaluate. context.timestamp sets the time that time conditions see (default: now).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "simulation-request".
 */
export interface SimulationRequest {
  principal: RequestPrincipal;
  resource: {
    type: string;
    identifier: string;
    /**
     * Resource attributes by name (owner, classification, tags...): a string, number or boolean, or an array of them. Conditions read them as resource.attributes.NAME.
     */
    attributes?: {
      [k: string]: PolicyAttributeValue | undefined;
    };
  };
  action: string;
  context?: RequestContext;
}
export interface RequestPrincipal {
  id?: string;
  type: string;
  attributes?: {
    [k: string]: (string | number | boolean | null) | undefined;
  };
}
export interface RequestContext {
  ip_address?: string;
  timestamp?: string;
  risk_score?: number;
  device_trusted?: boolean;
  mfa_verified?: boolean;
  delegation?: RequestDelegation;
  [k: string]: unknown | undefined;
}
/**
 * Who acts for whom (RFC 8693 section 4.1's act chain), as policies read it at context.delegation.FIELD. Each field is read on its own and is unknown when absent. POST /decisions/evaluate and /decisions/batch: an application forwarding a delegation it was told of sends it here and it is recorded as asserted (verified false; sending verified true is refused, 400), depth is set to the number of actors; when the caller's own access token carries act, the verified chain from the token replaces it. Simulations and policy tests take it as written.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "request-delegation".
 */
export interface RequestDelegation {
  /**
   * The principal the actors act for (the token's sub).
   */
  subject?: string;
  /**
   * The actors' ids, nearest first (the outermost act's sub first).
   *
   * @maxItems 10
   */
  actors?: string[];
  /**
   * The actors' principal types (USER, SERVICE, AGENT), in the order of actors.
   *
   * @maxItems 10
   */
  actor_types?: string[];
  /**
   * How many actors stand between the subject and the request: 1 for an agent acting for a person.
   */
  depth?: number;
  /**
   * true when the chain is the act claim of the caller's verified access token; false when an application asserted it.
   */
  verified?: boolean;
}
/**
 * acctl policy lint --json (and --format json): whether lint passed, the counts, and every finding in file, line, column order.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/policy-lint".
 */
export interface CliPolicyLintOutput {
  format_version: CliFormatVersion;
  /**
   * False with errors, or warnings with --strict (exit code 1).
   */
  ok: boolean;
  summary: {
    files: number;
    errors: number;
    warnings: number;
  };
  findings: CliPolicyFinding[];
}
/**
 * acctl policy plan --json: every change that applying the repository would make, and whether it widens or narrows access. The --out file is this without format_version and access (policy-plan-file.json, which holds the parts).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/policy-plan".
 */
export interface CliPolicyPlanOutput {
  format_version: CliFormatVersion;
  format: 1;
  /**
   * The API base URL the plan was made against: apply refuses another server.
   */
  server: string;
  /**
   * The repository's ownership label (acctl.yaml owner): what its updates write and the only label its deletes touch.
   */
  owner: string | null;
  /**
   * Made with --prune: only then may the plan delete.
   */
  prune: boolean;
  created_at: string;
  changes: Changes;
  summary: CliPlanSummary;
  access: CliPolicyAccess1;
}
/**
 * Body of POST /policies. `name` and `rules` are required; `status` defaults to `draft` (not enforced until activated), `description` to the empty string, `metadata` to {}.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-create-request".
 */
export interface PolicyCreateRequest {
  name: Name1;
  description?: string;
  status?: 'draft' | 'active' | 'archived';
  /**
   * @maxItems 500
   */
  rules: PolicyRule[];
  metadata?: PolicyMetadata;
}
/**
 * Spec, "Rule". A rule matches a request when the principal type equals, every named principal and resource attribute has an accepted value, the resource type equals and the identifier matches a pattern, the action is listed, and every condition holds. Any matching deny wins over allow; nothing matching is deny.
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
     * Attribute name to the accepted values; the request's value must be one of them. A value the request lacks is unknown: an allow rule does not apply, a deny rule does.
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
    /**
     * Attribute name to the accepted values, as principals.attributes: the resource's value must be one of them (an array value: one of its items). A value the request lacks is unknown: an allow rule does not apply, a deny rule does.
     */
    attributes?: {
      /**
       * @minItems 1
       * @maxItems 1000
       */
      [k: string]: string[] | undefined;
    };
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
 * The request time, in `timezone`, is within the daily window [start, end), on one of `days` when they are given. An end before the start is a window across midnight, which belongs to the day it starts (Friday 22:00-06:00 holds until Saturday 06:00).
 */
export interface TimeBetweenCondition {
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
    /**
     * The days of the week (in `timezone`) on which the window opens; absent: every day.
     *
     * @minItems 1
     * @maxItems 7
     */
    days?: ('mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun')[];
  };
}
/**
 * The request time is before the instant (exclusive): a grant that ends, such as break-glass access until Friday 18:00.
 */
export interface TimeBeforeCondition {
  type: 'time';
  operator: 'before';
  /**
   * An RFC 3339 instant with its offset, e.g. 2026-12-04T18:00:00+01:00.
   */
  value: string;
}
/**
 * The request time is at or after the instant: a grant that starts later.
 */
export interface TimeAfterCondition {
  type: 'time';
  operator: 'after';
  /**
   * An RFC 3339 instant with its offset, e.g. 2026-12-01T08:00:00Z.
   */
  value: string;
}
/**
 * context.risk_score compared with `value`: less_than (<), less_than_or_equal (<=), greater_than (>), greater_than_or_equal (>=). Missing or not a number: unknown.
 */
export interface RiskScoreCondition {
  type: 'risk_score';
  operator: 'less_than' | 'less_than_or_equal' | 'greater_than' | 'greater_than_or_equal';
  value: number;
}
/**
 * context.mfa_verified (else the principal's mfa_verified attribute, a boolean or "true"/"false") equals `value`. Missing: unknown.
 */
export interface MfaVerifiedCondition {
  type: 'mfa_verified';
  operator: 'equals';
  value: boolean;
}
/**
 * context.device_trusted equals `value`. Missing or not a boolean: unknown.
 */
export interface DeviceTrustedCondition {
  type: 'device_trusted';
  operator: 'equals';
  value: boolean;
}
/**
 * context.ip_address is (in_cidr) or is not (not_in_cidr) within one of the CIDR blocks, IPv4 or IPv6. An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is its IPv4 address. Missing or not an address: unknown.
 */
export interface IpAddressCondition {
  type: 'ip_address';
  operator: 'in_cidr' | 'not_in_cidr';
  /**
   * CIDR blocks, e.g. 10.0.0.0/8, 2001:db8::/32; a bare address is its own block (/32, /128).
   *
   * @minItems 1
   * @maxItems 1000
   */
  value: string[];
}
/**
 * equals, not_equals: `attribute` and `to` are of one kind (string, number, boolean) and equal, or not; contains: `attribute` is a list holding `to`.
 */
export interface AttributeEqualityCondition {
  type: 'attribute';
  operator: 'equals' | 'not_equals' | 'contains';
  value: {
    attribute: PolicyAttributePath;
    to:
      | (string | number | boolean)
      | {
          attribute: PolicyAttributePath;
        };
  };
}
/**
 * in, not_in: `attribute` is (or is not) one of the values of `to`, a list.
 */
export interface AttributeMembershipCondition {
  type: 'attribute';
  operator: 'in' | 'not_in';
  value: {
    attribute: PolicyAttributePath;
    to:
      | (string | number | boolean)[]
      | {
          attribute: PolicyAttributePath;
        };
  };
}
/**
 * starts_with, ends_with: both strings.
 */
export interface AttributeTextCondition {
  type: 'attribute';
  operator: 'starts_with' | 'ends_with';
  value: {
    attribute: PolicyAttributePath;
    to:
      | string
      | {
          attribute: PolicyAttributePath;
        };
  };
}
/**
 * greater_than, greater_than_or_equal, less_than, less_than_or_equal: both numbers.
 */
export interface AttributeNumberCondition {
  type: 'attribute';
  operator: 'greater_than' | 'greater_than_or_equal' | 'less_than' | 'less_than_or_equal';
  value: {
    attribute: PolicyAttributePath;
    to:
      | number
      | {
          attribute: PolicyAttributePath;
        };
  };
}
/**
 * exists, not_exists: the request carries a value at the path (null counts as none), or not. Never unknown.
 */
export interface AttributePresenceCondition {
  type: 'attribute';
  operator: 'exists' | 'not_exists';
  value: {
    attribute: PolicyAttributePath;
  };
}
/**
 * At least one of the conditions holds (true when one is true; else unknown when one is unknown). `operator` may be omitted.
 */
export interface AnyOfCondition {
  type: 'any_of';
  operator?: 'any_of';
  /**
   * @minItems 1
   * @maxItems 20
   */
  value: PolicyCondition[];
}
/**
 * The condition does not hold (true when it is false; unknown stays unknown). `operator` may be omitted.
 */
export interface NotCondition {
  type: 'not';
  operator?: 'not';
  value: PolicyCondition;
}
/**
 * Free-form (spec); the sample has `owner` (string) and `compliance` (array of string). `managed_by` is the ownership label `acctl policy apply` sets from acctl.yaml's `owner` (as Kubernetes' app.kubernetes.io/managed-by label), `provenance` what it records about each apply. Bounded in size.
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
  /**
   * The ownership label of the policy repository that applies this policy: `acctl policy apply --prune` deletes only policies carrying its own.
   */
  managed_by?: string;
  /**
   * Where the version's content came from, written by whoever wrote the version: `acctl policy apply` (tool, commit, run_url, actor, source, content_hash, applied_at) or a rollback (tool `rollback`, actor, rolled_back_from, rolled_back_to, applied_at: the server writes it, so it never repeats the copied version's commit and apply time). Not part of content_hash.
   */
  provenance?: {
    /**
     * What applied it, e.g. `acctl policy apply`.
     */
    tool?: string;
    /**
     * The commit SHA of the policy repository.
     */
    commit?: string;
    /**
     * The CI run that applied it.
     */
    run_url?: string;
    /**
     * Who triggered the apply (e.g. GITHUB_ACTOR).
     */
    actor?: string;
    /**
     * The policy file, relative to the repository.
     */
    source?: string;
    /**
     * content_hash of what was applied: a live policy whose hash differs was changed on the server since (drift).
     */
    content_hash?: string;
    /**
     * When the version was written (by apply, or by the rollback).
     */
    applied_at?: string;
    /**
     * A rollback: the version the policy was at before it (the version it replaced).
     */
    rolled_back_from?: number;
    /**
     * A rollback: the earlier version whose content it wrote again.
     */
    rolled_back_to?: number;
    /**
     * The change set (POST /policy-sets) that wrote this version; the server sets it, over any value sent.
     */
    policy_set?: string;
  };
}
/**
 * This interface was referenced by `CliPolicyPlanFile`'s JSON-Schema
 * via the `definition` "drift".
 */
export interface CliPlanDrift {
  updated_by: string;
  updated_at: string;
  version: number;
  reason: 'changed_since_apply' | 'provenance_removed';
}
/**
 * Whether the change of the whole active set (before: the server's active policies, or the first folder's; after: the set applying the plan gives, or the second folder's) widens access (some request denied before is allowed after) and whether it narrows it (the reverse), decided by core's compareAccess: false is a proof over every request and every instant of the horizon, never a sample (docs/policy-language.md, What the analysis proves).
 *
 * This interface was referenced by `CliPolicyPlanOutput`'s JSON-Schema
 * via the `definition` "access".
 */
export interface CliPolicyAccess1 {
  /**
   * true: some request is denied before and allowed after (examples below); false: none, proved; "unknown": the analysis could not decide (widens_reason says why). acctl policy plan --fail-on-widen takes "unknown" as a widening.
   */
  widens: true | false | 'unknown';
  /**
   * true: some request is allowed before and denied after; false: none, proved; "unknown": not decided (narrows_reason).
   */
  narrows: true | false | 'unknown';
  /**
   * Only when widens is "unknown": why it could not be decided.
   */
  widens_reason?: string;
  /**
   * Only when narrows is "unknown": why it could not be decided.
   */
  narrows_reason?: string;
  /**
   * The instants the verdicts hold over: from the time of the run, for this many days.
   */
  horizon: {
    from: string;
    days: number;
  };
  /**
   * Up to 5 requests for each direction found, widenings first; each evaluated again by the engine on both sets before it is listed.
   *
   * @maxItems 10
   */
  examples: CliPolicyAccessExample[];
}
/**
 * A plan saved by acctl policy plan --out, which acctl policy apply PLAN.json carries out (plan --json prints this with format_version, --out writes it without; each change's content is the policy as it will be written, the body of POST/PUT /v1/policies with the server's defaults filled in). apply checks a file against this schema, then that it agrees with itself (cli/src/gitops/saved-plan.ts), before it reads the server.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/policy-plan-file".
 */
export interface CliPolicyPlanFile {
  format_version?: CliFormatVersion;
  format: 1;
  /**
   * The API base URL the plan was made against: apply refuses another server.
   */
  server: string;
  /**
   * The repository's ownership label (acctl.yaml owner): what its updates write and the only label its deletes touch.
   */
  owner: string | null;
  /**
   * Made with --prune: only then may the plan delete.
   */
  prune: boolean;
  created_at: string;
  changes: Changes;
  summary: CliPlanSummary;
}
/**
 * acctl policy simulate --json: each request with the answer of POST /v1/policies/{id}/simulate (schemas/simulation-response.json), for a stored policy or a local file.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/policy-simulate".
 */
export interface CliPolicySimulateOutput {
  format_version: CliFormatVersion;
  policy:
    | {
        id: string;
        name: string;
        version: number;
        status: string;
      }
    | {
        file: string;
        name: string;
      };
  summary: {
    requests: number;
    allowed: number;
    denied: number;
  };
  results: {
    request: SimulationRequest;
    decision: 'allow' | 'deny';
    matched_rules: MatchedRules;
    evaluation_time_ms: number;
    timestamp: string;
    explanation: string;
    reasons?: Reasons;
  }[];
}
/**
 * acctl policy test --json (and --format json): every test's checks with the engine's decision and explanation, and coverage; or, when errors in the files stopped the run, those errors (findings) and no results.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/policy-test".
 */
export interface CliPolicyTestOutput {
  format_version: CliFormatVersion;
  /**
   * True when every test passed and coverage is met (exit code 0).
   */
  ok: boolean;
  summary: {
    files: number;
    tests: number;
    passed: number;
    failed: number;
    checks: number;
  };
  results: CliPolicyTestResult[];
  /**
   * Null when no test ran.
   */
  coverage: null | {
    /**
     * The policies counted: every one the tests evaluated, or, for test files named one by one, the ones those files name or that their checks matched.
     */
    policies: string[];
    rules: CliCoverageRatio;
    conditions: CliCoverageRatio;
    min_coverage: number | null;
    met: boolean;
    uncovered: CliUncoveredItem[];
  };
  /**
   * Errors in the files that stopped the run.
   */
  findings: CliPolicyFinding[];
}
/**
 * This interface was referenced by `CliPolicyTestOutput`'s JSON-Schema
 * via the `definition` "result".
 */
export interface CliPolicyTestResult {
  file: string;
  line: number;
  col: number;
  suite: string;
  name: string;
  passed: boolean;
  checks: CliPolicyTestCheck[];
}
/**
 * This interface was referenced by `CliPolicyTestOutput`'s JSON-Schema
 * via the `definition` "check".
 */
export interface CliPolicyTestCheck {
  principal: string;
  resource: string;
  action: string;
  expected: 'allow' | 'deny';
  decision: 'allow' | 'deny';
  passed: boolean;
  matched: CliRuleRef[];
  explanation: string;
  reasons: string[];
  /**
   * What differed from the expectation; only on a failed check.
   */
  failure?: string;
}
/**
 * This interface was referenced by `CliPolicyTestOutput`'s JSON-Schema
 * via the `definition` "ruleRef".
 */
export interface CliRuleRef {
  policy: string;
  rule: number;
}
/**
 * This interface was referenced by `CliPolicyTestOutput`'s JSON-Schema
 * via the `definition` "ratio".
 */
export interface CliCoverageRatio {
  covered: number;
  total: number;
  /**
   * Rounded down to one decimal; 100 when there is nothing to cover.
   */
  percent: number;
}
/**
 * This interface was referenced by `CliPolicyTestOutput`'s JSON-Schema
 * via the `definition` "uncovered".
 */
export interface CliUncoveredItem {
  file: string;
  line: number;
  col: number;
  policy: string;
  rule: number;
  /**
   * The rule's condition the item is or sits in (a branch of an any_of, the condition inside a not: see condition_pointer).
   */
  condition?: number;
  /**
   * RFC 6901 JSON Pointer to the condition in the policy file: /rules/0/conditions/2 for the rule's condition, /rules/0/conditions/2/value/1 for the second branch of an any_of, /rules/0/conditions/2/value for the condition inside a not.
   */
  condition_pointer?: string;
  missing: 'match' | 'holds' | 'fails';
  message: string;
}
/**
 * acctl schema --json: an editor schema of policy repository files, printed or written to a file.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/schema".
 */
export interface CliSchemaOutput {
  format_version: CliFormatVersion;
  kind: 'policy' | 'test' | 'config';
  /**
   * Its file name, on a server (/v1/schemas/v1/<file>) and in a repository's .schemas/.
   */
  file_name: string;
  /**
   * Where it was written; null when printed.
   */
  out: string | null;
  /**
   * The schema itself, when it was not written to a file.
   */
  schema?: {};
}
/**
 * acctl server client create --json: the client registered, with its secret shown this once (null for a public client).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/server-client-create".
 */
export interface CliServerClientCreateOutput {
  format_version: CliFormatVersion;
  client_id: string;
  name: string;
  client_type: 'confidential' | 'public';
  grant_types: string[];
  redirect_uris: string[];
  allowed_scopes: string[];
  created_by: string | null;
  created_at: string;
  secret_rotated_at: string | null;
  /**
   * The policy owners (metadata.managed_by) the client may write; null: not bound, it writes any policy its scopes allow.
   */
  owners: string[] | null;
  /**
   * The agent principal (kind agent) the client acts as: its client_credentials tokens carry this id as sub (docs/oauth.md, "Agents"); null: the client is its own subject.
   */
  agent_principal_id: string | null;
  client_secret: string | null;
}
/**
 * acctl server client delete --json.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/server-client-delete".
 */
export interface CliServerClientDeleteOutput {
  format_version: CliFormatVersion;
  client_id: string;
  deleted: true;
}
/**
 * acctl server client list --json: the registered OAuth clients, oldest first (never their secrets).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/server-client-list".
 */
export interface CliServerClientListOutput {
  format_version: CliFormatVersion;
  clients: CliServerClient[];
}
/**
 * This interface was referenced by `CliServerClientListOutput`'s JSON-Schema
 * via the `definition` "client".
 */
export interface CliServerClient {
  client_id: string;
  name: string;
  client_type: 'confidential' | 'public';
  grant_types: string[];
  redirect_uris: string[];
  allowed_scopes: string[];
  created_by: string | null;
  created_at: string;
  secret_rotated_at: string | null;
  /**
   * The policy owners (metadata.managed_by) the client may write; null: not bound, it writes any policy its scopes allow.
   */
  owners: string[] | null;
  /**
   * The agent principal (kind agent) the client acts as: its client_credentials tokens carry this id as sub (docs/oauth.md, "Agents"); null: the client is its own subject.
   */
  agent_principal_id: string | null;
}
/**
 * acctl server client rotate-secret --json: the new secret, shown this once.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/server-client-rotate-secret".
 */
export interface CliServerClientRotateSecretOutput {
  format_version: CliFormatVersion;
  client_id: string;
  client_secret: string;
  secret_rotated_at: string;
}
/**
 * acctl server keys rotate --json: the new signing key and the keys it retires.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/server-keys-rotate".
 */
export interface CliServerKeysRotateOutput {
  format_version: CliFormatVersion;
  signing_kid: string;
  retired_kids: string[];
}
/**
 * acctl server migrate --json: the migrations applied, oldest first (empty when up to date).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/server-migrate".
 */
export interface CliServerMigrateOutput {
  format_version: CliFormatVersion;
  applied: string[];
  database: 'embedded' | 'external';
}
/**
 * acctl server start --json: printed once the server listens.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/server-start".
 */
export interface CliServerStartOutput {
  format_version: CliFormatVersion;
  url: string;
  api_url: string;
  token_endpoint: string;
  database: 'embedded' | 'external';
  data_dir: string | null;
  pid: number;
  workers: number;
}
/**
 * acctl server user create --json.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/server-user-create".
 */
export interface CliServerUserCreateOutput {
  format_version: CliFormatVersion;
  id: string;
  username: string;
  display_name: string | null;
  admin: boolean;
  status: string;
  created_at: string;
}
/**
 * acctl server user delete --json.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/server-user-delete".
 */
export interface CliServerUserDeleteOutput {
  format_version: CliFormatVersion;
  user: CliServerUser;
  deleted: true;
}
/**
 * This interface was referenced by `CliServerUserListOutput`'s JSON-Schema
 * via the `definition` "user".
 */
export interface CliServerUser {
  id: string;
  username: string;
  display_name: string | null;
  admin: boolean;
  status: string;
  has_password: boolean;
  created_at: string;
}
/**
 * acctl server user list --json.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/server-user-list".
 */
export interface CliServerUserListOutput {
  format_version: CliFormatVersion;
  users: CliServerUser[];
}
/**
 * acctl server user set-password --json.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/server-user-set-password".
 */
export interface CliServerUserSetPasswordOutput {
  format_version: CliFormatVersion;
  user: CliServerUser;
  password_changed: true;
}
/**
 * acctl version --json: the versions of the CLI and what it runs on (the fields of oclif's version command).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/version".
 */
export interface CliVersionOutput {
  format_version: CliFormatVersion;
  cliVersion: string;
  architecture: string;
  nodeVersion: string;
  osVersion: string;
  shell: string;
  rootPath: string;
}
/**
 * acctl webhook delete --json.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/webhook-delete".
 */
export interface CliWebhookDeleteOutput {
  format_version: CliFormatVersion;
  id: string;
  deleted: true;
}
/**
 * acctl whoami --json: who the CLI acts as, read from the credentials commands would use (nothing is sent to the server).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "cli/whoami".
 */
export interface CliWhoamiOutput {
  format_version: CliFormatVersion;
  /**
   * Where the credentials commands use come from: the environment (CI) wins over a stored profile.
   */
  source: 'profile' | 'environment';
  /**
   * The stored profile (null in CI mode).
   */
  profile: string | null;
  /**
   * The server of the profile; in CI mode, the one commands would send the environment's credentials to (ACCTL_SERVER, else the profile's server setting, else the default; a command's --server goes first).
   */
  server: string | null;
  /**
   * The principal id, or a client id for client credentials; null when the token does not say (an opaque API token).
   */
  subject: string | null;
  /**
   * The signed-in user's name, as login read it (null when unknown).
   */
  username: string | null;
  client_id: string | null;
  /**
   * Which environment variables are set, in CI mode: ACCTL_TOKEN, or ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET.
   */
  env_credentials: 'token' | 'client_credentials' | null;
  scopes: string[];
  expires_at: string | null;
  expired: boolean;
  /**
   * Set when ACCTL_TOKEN or ACCTL_CLIENT_ID/SECRET would be used instead of a stored profile.
   */
  overridden_by_env: boolean;
}
/**
 * Answer of POST /decisions/evaluate (and each item of a batch): the decision over all active policies, recorded durably before it is answered. Time conditions use the server's clock (context.timestamp is recorded but cannot move a request into a time window). What it discloses depends on the caller (`detail`): every caller gets the decision, its id, and each matched rule as policy id, version, rule index and effect; policy names, the conditions a rule met, and the reasons other rules did not apply quote rule contents and the principal's attributes (stored ones included), so they are shown only to a caller that also has read:policies (and, when a stored principal's attributes were merged, read:principals or read:audit). The stored record keeps the full result.
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
    /**
     * Only with `detail` full.
     */
    policy_name?: string;
    policy_version: number;
    rule_index: number;
    effect: 'allow' | 'deny';
    /**
     * One readable line per condition the rule met, e.g. `risk_score 30 < 50`; empty unless `detail` is full.
     */
    conditions_met: string[];
  }[];
  /**
   * Why rules for this resource and action did not apply (at most 10, then a count). With `detail` summary, one line saying that rules did not apply, without why.
   */
  reasons: string[];
  /**
   * One sentence for people. With `detail` summary it names rules by policy id and index only.
   */
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
  /**
   * How much this answer discloses: `full` for a caller with read:policies (and read:principals or read:audit when a stored principal's attributes were merged), else `summary`. Present in every answer; absent from the stored result, which is always full.
   */
  detail?: 'full' | 'summary';
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
 * Answer of POST /decisions/batch: one decision per request, in the order of the requests, each with its own id.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision-batch-response".
 */
export interface DecisionBatchResponse {
  results: Decision[];
}
/**
 * Answer of GET /decisions: recorded decisions, newest first, each with the request as evaluated (enough to replay it) and its result. `next_cursor` fetches the next (older) page and stays valid while new decisions arrive; null on the last page.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision-list".
 */
export interface DecisionList {
  data: DecisionRecord[];
  next_cursor: string | null;
}
/**
 * Answer of GET /decisions/{id}: a recorded decision with the request as evaluated (stored principal attributes merged under the inline ones) and its result. The result is stored in full; a reader without read:policies is shown its summary (decision.json, `detail`: no policy names, conditions met or reasons).
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
  caller: Caller;
}
export interface Caller {
  subject: string;
  client_id?: string | null;
  request_id?: string | null;
}
/**
 * Query of GET /decisions. Every filter narrows the result (AND). since/until bound the time the decision was made (its `timestamp`).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision-list-query".
 */
export interface DecisionListQuery {
  /**
   * Decisions made at or after this time (ISO 8601 with a time zone).
   */
  since?: string;
  /**
   * Decisions made before this time.
   */
  until?: string;
  decision?: 'allow' | 'deny';
  /**
   * The principal's id as the request gave it.
   */
  principal_id?: string;
  action?: string;
  resource_type?: string;
  /**
   * Page size. Up to 500, more than other lists, because replaying a period (acctl policy impact) reads many decisions.
   */
  limit?: number;
  /**
   * `next_cursor` of the previous page, as is.
   */
  cursor?: string;
}
/**
 * Answer of GET /decisions/{id} for a query plan (POST /decisions/plan; issue #35): recorded like a decision, with the request as planned (stored principal attributes merged under the inline ones) and the plan as answered. Its outcome is the result's `kind` (always_allowed, always_denied, conditional) and `condition`; a plan has no resource identifier and no allow or deny. GET /decisions lists decisions only: a plan is never replayed as a decision (acctl policy impact).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "plan-record".
 */
export interface PlanRecord {
  id: string;
  kind: 'plan';
  timestamp: string;
  request: DecisionPlanRequest;
  result: DecisionPlan;
  caller: Caller;
}
/**
 * Body of POST /decisions/plan: an evaluate request (simulation-request.json) whose resource has a type only. The plan answers which resources of that type the principal may act on.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision-plan-request".
 */
export interface DecisionPlanRequest {
  principal: RequestPrincipal;
  resource: {
    type: string;
  };
  action: string;
  context?: RequestContext;
}
/**
 * Answer of POST /decisions/plan (issue #35; Cerbos's PlanResources): which resources of the type the principal may act on. Evaluate allows a resource exactly when `condition` holds for it. `always_allowed`: every resource (condition true); `always_denied`: none (condition false); `conditional`: those the condition selects.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision-plan".
 */
export interface DecisionPlan {
  /**
   * The plan's id: its decision.planned audit event has the same id.
   */
  id: string;
  kind: 'always_allowed' | 'always_denied' | 'conditional';
  condition: PlanCondition;
  /**
   * Policy id to version, of every active policy with a rule for this resource type and action.
   */
  policies: {
    [k: string]: number | undefined;
  };
  /**
   * When the plan was made: the time its time conditions saw, unless context.timestamp set another.
   */
  timestamp: string;
}
/**
 * A two-valued condition over resource.identifier and resource.attributes.NAME only (principal and context are already constants in it). `accepted`: the attribute (or an item of a list) compared as a string is one of `values`; `compare`: an attribute condition with its other side evaluated to `value` (`prefix_of`, `suffix_of`: the resource's value is a prefix or suffix of `value`, from `CONSTANT starts_with / ends_with resource...`); `relate`: an attribute condition between two values of the resource, `subject OP other`, true or false only when both values are of the kinds the operator takes; `holds: false` asks whether the comparison is false, which is not the same as not true when a value is missing or of another kind.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision-plan-condition".
 */
export interface PlanCondition {
  type: 'true' | 'false' | 'and' | 'or' | 'not' | 'identifier' | 'accepted' | 'compare' | 'relate';
  conditions?: PlanCondition[];
  condition?: PlanCondition;
  pattern?: {
    kind: 'exact' | 'prefix';
    identifier?: string;
    prefix?: string;
  };
  attribute?: string;
  values?: string[];
  holds?: boolean;
  subject?: PlanSubject;
  other?: PlanSubject;
  operator?:
    | 'exists'
    | 'equals'
    | 'in'
    | 'contains'
    | 'starts_with'
    | 'ends_with'
    | 'greater_than'
    | 'greater_than_or_equal'
    | 'less_than'
    | 'less_than_or_equal'
    | 'prefix_of'
    | 'suffix_of';
  value?: string | number | boolean | (string | number | boolean)[] | null;
}
/**
 * A value of the resource: its identifier, or the attribute `name`.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "decision-plan-subject".
 */
export interface PlanSubject {
  field: 'identifier' | 'attributes';
  name?: string;
}
/**
 * A user's consent that an agent client may act for them by token exchange (RFC 8693): at most these scopes, until expires_at. Revoking it ends every token exchanged under it.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "delegation-grant".
 */
export interface DelegationGrant {
  id: string;
  /**
   * The user who gave the grant.
   */
  principal_id: string;
  /**
   * The agent client allowed to act for the user.
   */
  agent_client_id: string;
  /**
   * The most an exchanged token may hold.
   *
   * @maxItems 9
   */
  scopes: Scope[];
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /**
   * Who revoked it: the user, an administrator or a client.
   */
  revoked_by: string | null;
}
/**
 * Answer of GET /delegation-grants, newest first, and the result of `acctl agent grant list --json`.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "delegation-grant-list".
 */
export interface DelegationGrantList {
  data: DelegationGrant[];
  pagination: Pagination;
}
/**
 * Query of GET /delegation-grants, paginated like the other resource lists (limit at most 100).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "delegation-grant-list-query".
 */
export interface DelegationGrantListQuery {
  /**
   * Page number, from 1.
   */
  page?: number;
  /**
   * Items per page, at most 100.
   */
  limit?: number;
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
          /**
           * audit_log: events this process could not record since it started (each logged at error level with its type and request id)
           */
          failed_events?: number;
          /**
           * audit_log: events dropped since start because too many waited to be recorded
           */
          dropped_events?: number;
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
 * Query of GET /oauth/authorize (spec, "GET /oauth/authorize"; RFC 6749 section 4.1.1; PKCE, RFC 7636 section 4.3). Each parameter at most once (RFC 6749 section 3.1); unknown parameters are ignored. PKCE is required for public clients and accepted from confidential ones; only S256.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "oauth-authorization-request".
 */
export interface OAuthAuthorizationRequest {
  /**
   * Must be `code`.
   */
  response_type: string;
  client_id: string;
  /**
   * A registered redirect URI, compared exactly; for a loopback URI (http://127.0.0.1 or http://[::1]) any port (RFC 8252 section 7.3).
   */
  redirect_uri: string;
  /**
   * Space-separated scopes; without it, the client's allowed scopes are requested.
   */
  scope?: string;
  /**
   * Returned unchanged in the redirect.
   */
  state?: string;
  /**
   * BASE64URL(SHA256(code_verifier)), 43 characters.
   */
  code_challenge?: string;
  /**
   * Must be `S256` when code_challenge is sent.
   */
  code_challenge_method?: string;
  /**
   * RFC 8707: the API the tokens of this authorization are for, remembered with the code; checked as at the token endpoint. Given more than once: invalid_target.
   */
  resource?: string | string[];
}
/**
 * RFC 6749 section 5.2 error body, answered by the OAuth endpoints (the authorization endpoint sends error and error_description in the query of its redirect instead).
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
    | 'access_denied'
    | 'unsupported_response_type'
    | 'unsupported_token_type'
    | 'server_error'
    | 'temporarily_unavailable'
    | 'too_many_requests'
    | 'too_many_attempts'
    | 'invalid_target'
    | 'invalid_dpop_proof';
  error_description?: string;
}
/**
 * Body of POST /oauth/introspect (RFC 7662 section 2.1), as JSON or application/x-www-form-urlencoded. Only confidential clients, authenticated with their secret, may introspect.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "oauth-introspection-request".
 */
export interface OAuthIntrospectionRequest {
  /**
   * An access token, an API token, or a refresh token of the calling client.
   */
  token: string;
  /**
   * access_token or refresh_token; accepted and not needed.
   */
  token_type_hint?: string;
  client_id?: string;
  client_secret?: string;
  /**
   * private_key_jwt (RFC 7523 section 2.2): urn:ietf:params:oauth:client-assertion-type:jwt-bearer.
   */
  client_assertion_type?: string;
  /**
   * A JWT signed with one of the client's registered keys (RFC 7523 section 3).
   */
  client_assertion?: string;
}
/**
 * RFC 7662 section 2.2. An unknown, expired or revoked token, or another client's refresh token, is `{ "active": false }` and nothing else.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "oauth-introspection-response".
 */
export interface OAuthIntrospectionResponse {
  active: boolean;
  /**
   * Space-separated scopes of the token.
   */
  scope?: string;
  /**
   * The client the token was issued to (absent for API tokens).
   */
  client_id?: string;
  /**
   * Principal id (user), client id (client_credentials) or the API token's subject.
   */
  sub?: string;
  /**
   * Bearer for access tokens and API tokens; DPoP for access tokens bound to a DPoP key (RFC 9449 section 6.2); refresh_token for refresh tokens.
   */
  token_type?: 'Bearer' | 'DPoP' | 'refresh_token';
  /**
   * RFC 9449 section 6.2: the key a DPoP-bound access token is bound to.
   */
  cnf?: {
    /**
     * RFC 7638 SHA-256 thumbprint of the key, base64url.
     */
    jkt: string;
  };
  /**
   * Expiry, Unix time (absent for API tokens that do not expire).
   */
  exp?: number;
  /**
   * Issued at, Unix time.
   */
  iat?: number;
  iss?: string;
  aud?: string;
  /**
   * The access token's jti, or the API token's id.
   */
  jti?: string;
  act?: ActorClaim1;
}
/**
 * RFC 8693 section 4.1: who acts for `sub`, for a token issued by token exchange (nearest actor first).
 */
export interface ActorClaim1 {
  /**
   * The actor token's subject: the agent client's id (a client_credentials token) or a principal id.
   */
  sub: string;
  /**
   * The client the actor token was issued to.
   */
  client_id?: string;
  act?: ActorClaim;
}
/**
 * Body of POST /oauth/revoke (RFC 7009 section 2.1), as JSON or application/x-www-form-urlencoded. The client authenticates as at the token endpoint (HTTP Basic or client_id and client_secret; a public client sends client_id only).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "oauth-revocation-request".
 */
export interface OAuthRevocationRequest {
  /**
   * A refresh token or an access token issued to this client.
   */
  token: string;
  /**
   * access_token or refresh_token; accepted and not needed (the kinds of token cannot be confused).
   */
  token_type_hint?: string;
  client_id?: string;
  client_secret?: string;
  /**
   * private_key_jwt (RFC 7523 section 2.2): urn:ietf:params:oauth:client-assertion-type:jwt-bearer.
   */
  client_assertion_type?: string;
  /**
   * A JWT signed with one of the client's registered keys (RFC 7523 section 3).
   */
  client_assertion?: string;
}
/**
 * Body of POST /oauth/token, as JSON (spec) or application/x-www-form-urlencoded (RFC 6749). Client credentials may come in the body or as HTTP Basic, not both. Unknown parameters are ignored, as RFC 6749 section 3.2 requires.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "oauth-token-request".
 */
export interface OAuthTokenRequest {
  /**
   * client_credentials, authorization_code, refresh_token or urn:ietf:params:oauth:grant-type:token-exchange (RFC 8693).
   */
  grant_type: string;
  client_id?: string;
  client_secret?: string;
  /**
   * private_key_jwt (RFC 7523 section 2.2): urn:ietf:params:oauth:client-assertion-type:jwt-bearer.
   */
  client_assertion_type?: string;
  /**
   * A JWT signed with one of the client's registered keys (RFC 7523 section 3).
   */
  client_assertion?: string;
  /**
   * Space-separated scopes; without it, the client's allowed scopes are granted.
   */
  scope?: string;
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  refresh_token?: string;
  /**
   * RFC 8693: the access token of the user the agent acts for.
   */
  subject_token?: string;
  /**
   * RFC 8693: urn:ietf:params:oauth:token-type:access_token.
   */
  subject_token_type?: string;
  /**
   * RFC 8693: the agent's own access token (issued to the requesting client).
   */
  actor_token?: string;
  /**
   * RFC 8693: urn:ietf:params:oauth:token-type:access_token.
   */
  actor_token_type?: string;
  /**
   * RFC 8693: only urn:ietf:params:oauth:token-type:access_token is issued.
   */
  requested_token_type?: string;
  /**
   * RFC 8693: the logical name of the target service; only this server's issuer.
   */
  audience?: string;
  /**
   * RFC 8707: the API the access token is for (its `aud`): an absolute URI without a fragment, this server's own API (its public URL) or one of config `resources`. Without it, this server's API; for authorization_code and refresh_token, the authorization request's resource, and no other. Given more than once: invalid_target (one API per token).
   */
  resource?: string | string[];
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
  /**
   * DPoP when the request carried a DPoP proof and the access token is bound to its key (RFC 9449 section 5).
   */
  token_type: 'Bearer' | 'DPoP';
  /**
   * Lifetime of the access token in seconds: 3600 (spec, Limits).
   */
  expires_in: number;
  /**
   * `acctl_rt_`, 43 random base62 characters (256 bits) and a 6-character base62 CRC32 checksum of them, so secret scanners can recognise it (docs/security.md, "Secret formats").
   */
  refresh_token?: string;
  /**
   * Space-separated granted scopes.
   */
  scope: string;
  /**
   * Unix time (seconds) the token was issued.
   */
  created_at?: number;
  /**
   * RFC 8693 section 2.2.1: the type of token a token exchange issued.
   */
  issued_token_type?: 'urn:ietf:params:oauth:token-type:access_token';
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
 * Spec: the list item carries id, name, description, status, version, created_at, updated_at, created_by (no rules, no metadata). Added (not in the spec, as Terraform providers and kubectl diff need): `updated_by`, `managed_by` (metadata.managed_by) and `content_hash`, so a client can tell whether a stored policy matches its copy without fetching it. With view=full (GET /policies?view=full), also `rules` and `metadata`.
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
  updated_by: string;
  /**
   * SHA-256 (hex) of the RFC 8785 canonical JSON of { name, description, status, rules, metadata without provenance }. Equal hashes mean equal content.
   */
  content_hash: string;
  /**
   * With view=full only: the policy's rules, as GET /policies/{id} shows them.
   */
  rules?: PolicyRule[];
  metadata?: PolicyMetadata1;
  /**
   * metadata.managed_by: the ownership label of the repository that applies this policy (acctl.yaml `owner`), when it has one.
   */
  managed_by?: string;
}
/**
 * Free-form (spec); the sample has `owner` (string) and `compliance` (array of string). `managed_by` is the ownership label `acctl policy apply` sets from acctl.yaml's `owner` (as Kubernetes' app.kubernetes.io/managed-by label), `provenance` what it records about each apply. Bounded in size.
 */
export interface PolicyMetadata1 {
  owner?: string;
  /**
   * @maxItems 50
   */
  compliance?: string[];
  /**
   * The ownership label of the policy repository that applies this policy: `acctl policy apply --prune` deletes only policies carrying its own.
   */
  managed_by?: string;
  /**
   * Where the version's content came from, written by whoever wrote the version: `acctl policy apply` (tool, commit, run_url, actor, source, content_hash, applied_at) or a rollback (tool `rollback`, actor, rolled_back_from, rolled_back_to, applied_at: the server writes it, so it never repeats the copied version's commit and apply time). Not part of content_hash.
   */
  provenance?: {
    /**
     * What applied it, e.g. `acctl policy apply`.
     */
    tool?: string;
    /**
     * The commit SHA of the policy repository.
     */
    commit?: string;
    /**
     * The CI run that applied it.
     */
    run_url?: string;
    /**
     * Who triggered the apply (e.g. GITHUB_ACTOR).
     */
    actor?: string;
    /**
     * The policy file, relative to the repository.
     */
    source?: string;
    /**
     * content_hash of what was applied: a live policy whose hash differs was changed on the server since (drift).
     */
    content_hash?: string;
    /**
     * When the version was written (by apply, or by the rollback).
     */
    applied_at?: string;
    /**
     * A rollback: the version the policy was at before it (the version it replaced).
     */
    rolled_back_from?: number;
    /**
     * A rollback: the earlier version whose content it wrote again.
     */
    rolled_back_to?: number;
    /**
     * The change set (POST /policy-sets) that wrote this version; the server sets it, over any value sent.
     */
    policy_set?: string;
  };
}
/**
 * Query of GET /policies. A limit over 100 is refused (400), not silently clamped, so a client never misses items it thinks it asked for. Filters combine (AND).
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
  /**
   * Exact names, repeatable (name=a&name=b): only policies with one of them. Lets a client look up up to 100 policies by name in one request.
   *
   * @maxItems 100
   */
  name?: string[];
  /**
   * Exact ids, repeatable (id=a&id=b): only policies with one of them. With view=full, fetches up to 100 whole policies in one request.
   *
   * @maxItems 100
   */
  id?: string[];
  /**
   * How much of each policy an item carries (Google AIP-157, resource views): `basic`, the list item of the spec; `full`, its `rules` and `metadata` too, the policy as GET /policies/{id} shows it, so a client needing many whole policies (acctl policy plan, a diff of every changed policy) asks for them 100 at a time instead of one request each.
   */
  view?: 'basic' | 'full';
  /**
   * Only policies whose metadata.managed_by (a repository's ownership label) is exactly this.
   */
  managed_by?: string;
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
 * A change set as applied (201 from POST /policy-sets, GET /policy-sets/{id}) or as it would apply (200, `dry_run` true: no id, nothing written). `changes` are in the order sent.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-set".
 */
export interface PolicySet {
  /**
   * Absent on a dry run. Each version the set wrote names it in metadata.provenance.policy_set.
   */
  id?: string;
  dry_run: boolean;
  /**
   * When the set's transaction wrote it; absent on a dry run.
   */
  applied_at?: string;
  /**
   * The subject of the token that sent the set.
   */
  applied_by: string;
  provenance?: PolicySetProvenance;
  counts: Counts;
  changes: {
    action: 'create' | 'update' | 'delete' | 'restore' | 'rollback';
    /**
     * The policy's id; absent for a create on a dry run.
     */
    id?: string;
    name: string;
    /**
     * The version written (for a delete: the version deleted, which it keeps).
     */
    version: number;
    /**
     * The policy's status after the change.
     */
    status?: 'draft' | 'active' | 'archived' | 'deleted';
  }[];
}
/**
 * Where a change set came from, as its sender tells it (`acctl policy apply` fills it from the CI environment). Stored with the set and in its policy_set.applied event. The server records who sent it (the token's subject) beside it, in `applied_by`.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-set-provenance".
 */
export interface PolicySetProvenance {
  /**
   * What sent the set, e.g. `acctl policy apply`.
   */
  tool?: string;
  /**
   * The policy repository, e.g. `acme/policies`.
   */
  repository?: string;
  /**
   * The commit SHA of the policy repository.
   */
  commit?: string;
  /**
   * The CI run that sent it.
   */
  run_url?: string;
  /**
   * Who triggered it (e.g. GITHUB_ACTOR).
   */
  actor?: string;
  /**
   * Free text, e.g. the pull request's title.
   */
  message?: string;
}
export interface PolicySetCreate {
  action: 'create';
  policy: PolicyCreateRequest;
}
export interface PolicySetUpdate {
  action: 'update';
  id: string;
  if_match: number;
  policy: PolicyUpdateRequest;
}
/**
 * Body of PUT /policies/{id}: the new content; it becomes a new version. name and rules are required; description, status and metadata keep their current values when absent. Send If-Match with the version you read to refuse lost updates (412).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-update-request".
 */
export interface PolicyUpdateRequest {
  name: Name1;
  description?: string;
  status?: 'draft' | 'active' | 'archived';
  /**
   * @maxItems 500
   */
  rules: PolicyRule[];
  metadata?: PolicyMetadata;
}
export interface PolicySetDelete {
  action: 'delete';
  id: string;
  if_match: number;
}
export interface PolicySetRestore {
  action: 'restore';
  id: string;
  /**
   * The version the deleted policy is at (deleting keeps the version).
   */
  if_match: number;
  policy?: PolicyUpdateRequest1;
}
/**
 * Body of PUT /policies/{id}: the new content; it becomes a new version. name and rules are required; description, status and metadata keep their current values when absent. Send If-Match with the version you read to refuse lost updates (412).
 */
export interface PolicyUpdateRequest1 {
  name: Name1;
  description?: string;
  status?: 'draft' | 'active' | 'archived';
  /**
   * @maxItems 500
   */
  rules: PolicyRule[];
  metadata?: PolicyMetadata;
}
export interface PolicySetRollback {
  action: 'rollback';
  id: string;
  if_match: number;
  /**
   * The earlier version whose content becomes a new version.
   */
  version: number;
}
/**
 * Body of POST /policy-sets: many policy changes applied as one, in one transaction, or not at all. Every precondition (each `if_match`, each id, each name) is checked before anything is written; one failure refuses the whole set (409, every failing change named). At most 10,000 changes and 32 MiB (docs/policy-sets.md "Limits"). A set with a `delete` also needs the delete:policies scope.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-set-request".
 */
export interface PolicySetRequest {
  /**
   * @minItems 1
   * @maxItems 10000
   */
  changes: PolicySetChange[];
  provenance?: PolicySetProvenance;
  /**
   * Check the whole set, every precondition included, and answer what it would do (200), writing nothing.
   */
  dry_run?: boolean;
}
/**
 * A policy test file (*.test.yaml), run offline by `acctl policy test` with the server's engine. Named principals and resources, then tests: every combination of a test's principals, resources and actions must get the expected decision at the test's time.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "policy-test".
 */
export interface PolicyTestFile {
  /**
   * Name of this group of tests.
   */
  name: string;
  description?: string;
  /**
   * Evaluate exactly these policies (by name), whatever their status, as a simulation does. Without it: every active policy of the folder, as the server enforces them.
   *
   * @minItems 1
   * @maxItems 500
   */
  policies?: string[];
  /**
   * Time of the tests that do not set their own (RFC 3339, e.g. 2026-03-10T14:00:00Z): time conditions read it.
   */
  at?: string;
  /**
   * Request context of every test; a test's own context is merged over it.
   */
  context?: {
    ip_address?: string;
    risk_score?: number;
    device_trusted?: boolean;
    mfa_verified?: boolean;
    delegation?: RequestDelegation;
    [k: string]: unknown | undefined;
  };
  /**
   * Principals by the name tests use.
   */
  principals?: {
    [k: string]:
      | {
          id?: string;
          /**
           * Principal type, e.g. USER.
           */
          type: string;
          attributes?: {
            [k: string]: (string | number | boolean | null) | undefined;
          };
        }
      | undefined;
  };
  /**
   * Resources by the name tests use.
   */
  resources?: {
    [k: string]:
      | {
          /**
           * Resource type, e.g. database.
           */
          type: string;
          identifier: string;
          /**
           * Resource attributes by name (owner, classification, tags...): a string, number or boolean, or an array of them. Conditions read them as resource.attributes.NAME.
           */
          attributes?: {
            [k: string]: PolicyAttributeValue | undefined;
          };
        }
      | undefined;
  };
  /**
   * @minItems 1
   * @maxItems 1000
   */
  tests: {
    name: string;
    /**
     * Names from the file's principals.
     *
     * @minItems 1
     * @maxItems 100
     */
    principals: string[];
    /**
     * Names from the file's resources.
     *
     * @minItems 1
     * @maxItems 100
     */
    resources: string[];
    /**
     * @minItems 1
     * @maxItems 100
     */
    actions: string[];
    /**
     * Time of this test; default: the file's `at`.
     */
    at?: string;
    /**
     * Merged over the file's context.
     */
    context?: {
      ip_address?: string;
      risk_score?: number;
      device_trusted?: boolean;
      mfa_verified?: boolean;
      delegation?: RequestDelegation;
      [k: string]: unknown | undefined;
    };
    /**
     * The decision every combination must get.
     */
    expect: 'allow' | 'deny';
    /**
     * When given, exactly these rules must match (apply) in every combination, in any order; [] means none.
     *
     * @maxItems 100
     */
    matched?: {
      /**
       * Policy name.
       */
      policy: string;
      /**
       * Zero-based index of the rule in the policy.
       */
      rule: number;
    }[];
  }[];
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
  names: AuditActorNames2;
  data: {
    version: number;
    created_at: string;
    created_by: string;
  }[];
}
/**
 * The names of the actors on one page of a list, keyed by the id the items carry (`actor.subject` and `actor.client_id` of events, `requested_by.subject` of reports): a principal's name (a user's username), an OAuth client's name. An API token acts as its owner, so its events name the owner. A deleted principal keeps its last name here (the id beside it tells it from a later principal of that name). Ids that name nothing stored (`cli:<os user>`, `system:<job>`, `anonymous`, an id never known) are absent. After GitHub's audit log, which shows the `actor` login beside `actor_id`: the events themselves carry ids only, since they are hash-chained and a rename must not change a recorded event.
 */
export interface AuditActorNames2 {
  [k: string]: string | undefined;
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
 * Body of POST /principals. Only users may have a password (12 to 1024 characters), for signing in.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "principal-create-request".
 */
export interface PrincipalCreateRequest {
  kind: PrincipalKind;
  name: Name1;
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
  /**
   * Exact names, repeatable (name=a&name=b): only principals with one of them, compared as names are unique (case aside, in NFC). Lets a client look a principal up by name, as `acctl principal get carol`.
   *
   * @maxItems 100
   */
  name?: string[];
}
/**
 * Body of PATCH /principals/{id}: a JSON merge patch (RFC 7396). A member set to null removes it: in attributes, that attribute; display_name and password, their value. kind cannot change.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "principal-patch-request".
 */
export interface PrincipalPatchRequest {
  name?: Name1;
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
   * For 400 validation_failed: each invalid field. For 403 insufficient_scope when a field needs a scope of its own (a principal's password or attributes.is_admin, a change set's delete): each such field. For 409 policy_set_refused: each change of the set that cannot be made (pointer `/changes/<index>`), with `code` and `policy`. For 403 policy_owned_elsewhere: each write of a policy of another owner (`code` owned_elsewhere, `owner`, `policy`).
   */
  errors?: {
    /**
     * JSON Pointer (RFC 6901) into the request part named by `in`.
     */
    pointer: string;
    in: 'body' | 'query' | 'params' | 'headers';
    detail: string;
    /**
     * policy_set_refused: why the change cannot be made: version_mismatch, not_found, name_taken, already_deleted, not_deleted, no_such_version, duplicate_policy.
     */
    code?: string;
    /**
     * policy_set_refused: the policy the change is about, as it is now.
     */
    policy?: {
      id?: string;
      name?: string;
      version?: number;
    };
    /**
     * policy_owned_elsewhere: the owner (metadata.managed_by) the policy belongs to, or the label the write would give it.
     */
    owner?: string;
  }[];
}
/**
 * RFC 9728 protected resource metadata of this server's API, served at /.well-known/oauth-protected-resource (RFC 9728 section 3.1: the resource identifier, the public URL, has no path). Every 401 of the API names this document in WWW-Authenticate's resource_metadata.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "protected-resource-metadata".
 */
export interface ProtectedResourceMetadata {
  /**
   * The API's resource identifier: the public URL (the issuer), the `aud` of its access tokens and the `resource` to ask them for (RFC 8707).
   */
  resource: string;
  /**
   * Issuers whose tokens the API accepts: this server only.
   */
  authorization_servers: string[];
  scopes_supported: Scope[];
  /**
   * `header` only: an access_token in the query is refused (token_in_query).
   */
  bearer_methods_supported: string[];
  resource_name?: string;
  /**
   * The OpenAPI document.
   */
  resource_documentation?: string;
  /**
   * RFC 9449 section 5.1: the JWS algorithms of DPoP proofs the API accepts.
   */
  dpop_signing_alg_values_supported?: string[];
}
/**
 * Spec, "Simulation response". Nothing is enforced or recorded.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "simulation-response".
 */
export interface SimulationResponse {
  decision: 'allow' | 'deny';
  matched_rules: MatchedRules;
  evaluation_time_ms: number;
  timestamp: string;
  explanation: string;
  reasons?: Reasons;
}
/**
 * A webhook, as GET, list and PATCH answer it: never with its signing secret, which only POST /webhooks shows.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook".
 */
export interface Webhook {
  id: string;
  url: string;
  description: string;
  event_types: ('*' | WebhookEventType | string)[];
  enabled: boolean;
  /**
   * When it was disabled (by PATCH or by the disable rule); null while enabled.
   */
  disabled_at: string | null;
  /**
   * Why it was disabled: `disabled by <subject>`, or what the failures were.
   */
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
  /**
   * Subject of the token that created it.
   */
  created_by: string;
}
/**
 * Body of POST /webhooks.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-create-request".
 */
export interface WebhookCreateRequest {
  /**
   * Where deliveries are POSTed: an absolute https:// URL (http:// only when the server sets webhooksAllowHttp), without credentials or fragment, whose host resolves to public addresses only (unless the server sets webhooksAllowPrivateNetworks).
   */
  url: string;
  /**
   * The event types to receive: types, families (`policy.*`), or `["*"]` for every one (families and `*` include types added later).
   *
   * @minItems 1
   * @maxItems 100
   */
  event_types: ('*' | WebhookEventType | string)[];
  description?: string;
  /**
   * false: created without receiving deliveries until enabled.
   */
  enabled?: boolean;
}
/**
 * Answer of POST /webhooks: the webhook and its signing secret, shown this once. The service keeps the secret encrypted, to sign deliveries.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-created".
 */
export interface WebhookCreated {
  id: string;
  url: string;
  description: string;
  event_types: ('*' | WebhookEventType | string)[];
  enabled: boolean;
  /**
   * When it was disabled (by PATCH or by the disable rule); null while enabled.
   */
  disabled_at: string | null;
  /**
   * Why it was disabled: `disabled by <subject>`, or what the failures were.
   */
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
  /**
   * Subject of the token that created it.
   */
  created_by: string;
  /**
   * Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. Verify deliveries with it (any Standard Webhooks library).
   */
  secret: string;
}
/**
 * One event sent to one webhook, with its attempts (the delivery log).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-delivery".
 */
export interface WebhookDelivery {
  id: string;
  /**
   * The event's id: the `webhook-id` header of every attempt and `data.id` of the payload.
   */
  event_id: string;
  event_type: WebhookEventType;
  /**
   * pending: an attempt is due or scheduled; succeeded: a 2xx answer; failed: every attempt failed (or the webhook was disabled).
   */
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  /**
   * Of the last attempt.
   */
  status_code: number | null;
  /**
   * Of the last attempt.
   */
  latency_ms: number | null;
  /**
   * Of the last attempt.
   */
  error: string | null;
  /**
   * When the next attempt is due, while pending.
   */
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  attempts: WebhookDeliveryAttempt[];
}
/**
 * One attempt of a delivery.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-delivery-attempt".
 */
export interface WebhookDeliveryAttempt {
  attempt: number;
  started_at: string;
  /**
   * The receiver's HTTP status; null when it did not answer.
   */
  status_code: number | null;
  latency_ms: number;
  /**
   * Why the attempt failed (non-2xx status, redirect, timeout, connection, refused destination); null on success.
   */
  error: string | null;
  /**
   * The first 1 KiB of the receiver's answer; nothing more is kept.
   */
  response_excerpt: string | null;
}
/**
 * Answer of GET /webhooks/{id}/deliveries: the pagination envelope, newest first.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-delivery-list".
 */
export interface WebhookDeliveryList {
  data: WebhookDelivery[];
  pagination: Pagination;
}
/**
 * Query of GET /webhooks/{id}/deliveries.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-delivery-list-query".
 */
export interface WebhookDeliveryListQuery {
  /**
   * Page number, from 1.
   */
  page?: number;
  /**
   * Items per page, at most 100.
   */
  limit?: number;
  /**
   * Only deliveries in this status.
   */
  status?: 'pending' | 'succeeded' | 'failed';
}
/**
 * Answer of GET /webhooks: the pagination envelope, newest first.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-list".
 */
export interface WebhookList {
  data: Webhook[];
  pagination: Pagination;
}
/**
 * Query of GET /webhooks.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-list-query".
 */
export interface WebhookListQuery {
  /**
   * Page number, from 1.
   */
  page?: number;
  /**
   * Items per page, at most 100.
   */
  limit?: number;
}
/**
 * The JSON body of every delivery, as Standard Webhooks recommends: `type`, `timestamp` and `data`, the domain event as the audit log records it plus its id. Signed with the webhook-id, webhook-timestamp and webhook-signature headers (docs/webhooks.md).
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-payload".
 */
export interface WebhookPayload {
  type: WebhookEventType;
  /**
   * When the event happened.
   */
  timestamp: string;
  /**
   * The event's place in the order webhooks send events: a later event of the same transaction, or of a transaction that began its outbox step after this one committed, has a higher position. Not consecutive (gaps are normal) and not the audit log's sequence. Absent from webhook.test, which is sent outside the queue (docs/webhooks.md "Order").
   */
  position?: number;
  data: {
    /**
     * The event's id, the same as in the audit log (GET /v1/audit/events/{id}) and as the webhook-id header: the same on every retry and redelivery. Deduplicate on it.
     */
    id: string;
    type: WebhookEventType;
    /**
     * When it happened; the same as `timestamp`.
     */
    time: string;
    actor: {
      subject: string;
      client_id: string | null;
      token_kind: string;
      act?: ActorChain;
    };
    target: {
      type: string;
      id: string;
    };
    outcome: 'success' | 'failure';
    request: {
      id: string | null;
      ip: string | null;
      user_agent: string | null;
    };
    /**
     * The state before and after the change (null for creation or deletion), or null.
     */
    change: null | {
      before: unknown;
      after: unknown;
    };
    /**
     * Small extra facts (versions, a failure's reason).
     */
    data?: {};
  };
}
/**
 * Answer of POST /webhooks/{id}/test: how the receiver answered a `webhook.test` event sent at once.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-test-result".
 */
export interface WebhookTestResult {
  /**
   * The receiver answered 2xx.
   */
  success: boolean;
  /**
   * The `webhook-id` header sent.
   */
  message_id: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  /**
   * The first 1 KiB of the answer.
   */
  response_excerpt: string | null;
}
/**
 * Body of PATCH /webhooks/{id}: the members to change. `enabled: true` turns a disabled webhook back on and forgets its failures.
 *
 * This interface was referenced by `AcctlSchemas`'s JSON-Schema
 * via the `definition` "webhook-update-request".
 */
export interface WebhookUpdateRequest {
  /**
   * Where deliveries are POSTed: an absolute https:// URL (http:// only when the server sets webhooksAllowHttp), without credentials or fragment, whose host resolves to public addresses only (unless the server sets webhooksAllowPrivateNetworks).
   */
  url?: string;
  /**
   * The event types to receive: types, families (`policy.*`), or `["*"]` for every one (families and `*` include types added later).
   *
   * @minItems 1
   * @maxItems 100
   */
  event_types?: ('*' | WebhookEventType | string)[];
  description?: string;
  enabled?: boolean;
}

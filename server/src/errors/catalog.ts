/**
 * The one catalog of REST API error codes (fastify's FST_ERR_* catalog is the model).
 * Clients and tests switch on `code`; `title` is the RFC 9457 short summary for the code.
 * docs/errors.md is checked against this list by test/errors/catalog.test.ts.
 */
export const errorCatalog = {
  validation_failed: { status: 400, title: 'The request is not valid' },
  malformed_request: { status: 400, title: 'The request is not valid HTTP' },
  malformed_body: { status: 400, title: 'The request body could not be parsed' },
  wrong_token_kind: { status: 400, title: 'This operation needs another kind of token' },
  token_in_query: { status: 400, title: 'Access tokens are not accepted in the query string' },
  webhook_url_not_allowed: { status: 400, title: 'The webhook URL is not allowed' },
  unauthorized: { status: 401, title: 'Authentication is required' },
  invalid_token: { status: 401, title: 'The access token is missing, expired, revoked or malformed' },
  invalid_dpop_proof: { status: 401, title: 'The DPoP proof is missing or does not hold' },
  insufficient_scope: { status: 403, title: 'The access token lacks the scope this operation requires' },
  forbidden: { status: 403, title: 'This operation is not allowed for this caller' },
  policy_owned_elsewhere: { status: 403, title: 'The policy belongs to an owner this client is not bound to' },
  delegated_token_refused: { status: 403, title: 'A token an agent holds for a person (RFC 8693 act) cannot do this' },
  not_found: { status: 404, title: 'The resource does not exist' },
  route_not_found: { status: 404, title: 'No such endpoint' },
  method_not_allowed: { status: 405, title: 'The method is not allowed on this endpoint' },
  not_acceptable: { status: 406, title: 'The requested representation is not available' },
  request_timeout: { status: 408, title: 'The request did not arrive in time' },
  conflict: { status: 409, title: 'The request conflicts with the current state of the resource' },
  report_not_ready: { status: 409, title: 'The report has not completed yet' },
  policy_set_refused: { status: 409, title: 'The change set was refused; nothing of it was applied' },
  idempotency_key_in_use: { status: 409, title: 'A request with this idempotency key is still running' },
  precondition_failed: { status: 412, title: 'The resource has changed since the given version' },
  payload_too_large: { status: 413, title: 'The request body is too large' },
  unsupported_media_type: { status: 415, title: 'The request body media type is not supported' },
  plan_unsupported: { status: 422, title: 'The policies use a construct no query plan can express exactly' },
  idempotency_key_reused: { status: 422, title: 'The idempotency key was used with another request' },
  headers_too_large: { status: 431, title: 'The request headers are too large' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal_error: { status: 500, title: 'An unexpected error occurred' },
  resource_search_unsupported: { status: 501, title: 'acctl holds no resource inventory to search' },
  service_unavailable: { status: 503, title: 'The service is temporarily unavailable' },
  write_conflict: { status: 503, title: 'Concurrent writes kept this one from completing' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof errorCatalog;

/** Where a problem's `type` URI points: docs/errors.md has one heading per code. */
export const problemTypeBase = 'https://acctl.dev/problems/';
export const problemTypeFor = (code: ErrorCode): string => `${problemTypeBase}${code}`;

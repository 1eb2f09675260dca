import { randomUUID } from 'node:crypto';

/**
 * The server assigns every request its id (X-Request-Id on the answer, `request_id` in the logs
 * and problems, `request.id` in audit events): a caller could otherwise copy another request's id
 * into its own and make its events pass for that request's. What a caller sends as X-Request-Id is
 * kept beside it as the client's id, as Azure keeps `x-ms-client-request-id` apart from its own
 * `x-ms-request-id` (its activity log's `clientRequestId`).
 */
export function serverRequestId(): string {
  return randomUUID();
}

/** The caller's X-Request-Id when short and plain (one header, `[A-Za-z0-9._:-]{1,128}`), else null. */
export function clientRequestIdOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(header) ? header : null;
}

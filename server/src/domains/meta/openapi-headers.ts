import { schemaRef } from '../../../../core/src/index.js';
import { paginationStyleOf } from '../../http/listing.js';
import type { RouteRecord } from './openapi.js';

/**
 * The HTTP headers of the OpenAPI document: what each operation's answers carry and which request
 * headers it honours, each defined once (components.headers, components.parameters) and derived
 * from the same facts the code acts on, so a new route is described as it behaves.
 */

/** components.headers: every response header the service sends on an API route. */
export const responseHeaders = {
  'X-Request-Id': {
    description:
      'The id the server gave this request (a UUID): `request_id` in its logs and problems, `request.id` in audit events. An X-Request-Id the request sent, when short and plain (`[A-Za-z0-9._:-]{1,128}`), is kept beside it as `client_request_id`.',
    schema: { type: 'string', format: 'uuid' },
  },
  RateLimit: {
    description:
      'Where the caller stands against its limit (draft-ietf-httpapi-ratelimit-headers, a structured field): the class, `r` requests left and `t` seconds until the window ends.',
    schema: { type: 'string' },
    example: '"standard";r=99;t=42',
  },
  'RateLimit-Policy': {
    description: 'The limit of the class this operation counts against: `q` requests per window of `w` seconds.',
    schema: { type: 'string' },
    example: '"standard";q=100;w=60',
  },
  'X-RateLimit-Limit': { description: 'RateLimit-Policy `q`, as GitHub sends it.', schema: { type: 'integer', minimum: 0 } },
  'X-RateLimit-Remaining': { description: 'RateLimit `r`, as GitHub sends it.', schema: { type: 'integer', minimum: 0 } },
  'X-RateLimit-Reset': { description: 'When the window ends, in seconds since the epoch, as GitHub sends it.', schema: { type: 'integer', minimum: 0 } },
  'Retry-After': {
    description:
      'Seconds to wait before asking again (RFC 9110 section 10.2.3): on 429, until the rate-limit window ends; on 503, when sent, until the service expects to answer.',
    schema: { type: 'integer', minimum: 0 },
  },
  ETag: {
    description:
      'The strong entity tag of this representation (RFC 9110 section 8.8.3): send it in If-Match to change only this version, or in If-None-Match to be answered 304 while it is current.',
    schema: { type: 'string' },
    example: '"3"',
  },
  Location: {
    description: 'The address of the resource the request created (RFC 9110 section 10.2.2), or of the page to go to next on a redirect.',
    schema: { type: 'string', format: 'uri-reference' },
  },
  Link: {
    description:
      'RFC 8288 links to the pages of this list, absolute and keeping the query parameters: `first`, `prev`, `next` and `last` for lists paged by number; `first` and `next` (while there is one) for lists paged by cursor, which cannot know the others (docs/api.md "Pagination").',
    schema: { type: 'string' },
    example: '<https://acctl.example.com/v1/policies?page=2&limit=50>; rel="next"',
  },
  'Idempotent-Replayed': {
    description: 'Present, `true`, when this answer is the first answer to the same Idempotency-Key, replayed (docs/api.md "Idempotent requests").',
    schema: { type: 'string', enum: ['true'] },
  },
} as const;

type ResponseHeader = keyof typeof responseHeaders;

/** components.parameters: the request headers an operation may honour. */
export const headerParameters = {
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description:
      'Change only if the resource is still at this version: `*` or a list of ETags, compared strongly (RFC 9110 section 13.1.1), so a weak `W/"3"` never matches. Otherwise 412 precondition_failed.',
    schema: { type: 'string', maxLength: 1000 },
    example: '"3"',
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description:
      'Answer 304 Not Modified, without content, when the current ETag is one of these (weak comparison, RFC 9110 section 13.1.2) or the value is `*`.',
    schema: { type: 'string', maxLength: 1000 },
    example: '"3"',
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A key of your choosing (a V4 UUID, say) that makes a retry safe: the same key with the same request within 24 hours answers what the first answered, marked Idempotent-Replayed, and creates nothing more; with another request, 422 idempotency_key_reused; while the first runs, 409 idempotency_key_in_use (docs/api.md "Idempotent requests").',
    // plugins/idempotency/request-fingerprint.ts: visible ASCII without spaces, Stripe's 255 at most.
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
  },
} as const;

const headerRef = (name: ResponseHeader) => ({ $ref: `#/components/headers/${name}` });
const parameterRef = (name: keyof typeof headerParameters) => ({ $ref: `#/components/parameters/${name}` });

/** What every answer carries, whatever the route: the request id (app.ts) and the rate-limit headers (plugins/rate-limits). */
const onEveryAnswer: ResponseHeader[] = ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** A GET whose 200 is a list schema: http/pagination-links.ts writes its Link header by the same rule. */
function isList(route: RouteRecord): boolean {
  const answer = route.docs?.responses[200];
  return route.method === 'GET' && paginationStyleOf(answer && '$ref' in answer ? answer.$ref : undefined) !== undefined;
}

/** A GET that sends an ETag: http/conditional-get.ts answers it 304 when If-None-Match names the tag. */
function sendsEtagOnGet(route: RouteRecord): boolean {
  return route.method === 'GET' && (route.docs?.headers?.[200] ?? []).includes('ETag');
}

/**
 * The answers of a route that takes an Idempotency-Key which a replay may be (plugins/idempotency
 * keeps what its handler answered, 2xx and 4xx), so they may carry Idempotent-Replayed: not the
 * refusals before the handler (401, 403, 429) nor the key's own (422 reused).
 */
function mayBeReplayed(route: RouteRecord, status: number): boolean {
  return route.idempotent && status >= 200 && status < 500 && ![401, 403, 422, 429].includes(status);
}

/** The request headers an operation honours, as references to components.parameters. */
export function headerParametersOf(route: RouteRecord): unknown[] {
  const parameters: unknown[] = [];
  if (route.docs && 412 in route.docs.responses) parameters.push(parameterRef('IfMatch'));
  if (sendsEtagOnGet(route)) parameters.push(parameterRef('IfNoneMatch'));
  if (route.idempotent) parameters.push(parameterRef('IdempotencyKey'));
  return parameters;
}

/** The headers of an operation's answer of `status`, as references to components.headers. */
export function responseHeadersOf(route: RouteRecord, status: number): Record<string, unknown> {
  const names = new Set<ResponseHeader>(onEveryAnswer);
  if (status === 429 || status === 503) names.add('Retry-After');
  if (status >= 300 && status < 400 && status !== 304) names.add('Location');
  if (status === 304) names.add('ETag');
  if (status === 200 && isList(route)) names.add('Link');
  if (mayBeReplayed(route, status)) names.add('Idempotent-Replayed');
  // 409 idempotency_key_in_use: ask again once the first request with the key is done.
  if (status === 409 && route.idempotent) names.add('Retry-After');
  for (const name of route.docs?.headers?.[status] ?? []) names.add(name);
  return Object.fromEntries([...names].map((name) => [name, headerRef(name)]));
}

/**
 * The answers the document adds to a route's own: 304 for a GET with an ETag; 409 (the key in use)
 * and 422 (the key reused with another request) for a route that takes an Idempotency-Key.
 */
export function impliedResponses(route: RouteRecord): Record<number, { description: string } | { $ref: string }> {
  const implied: Record<number, { description: string } | { $ref: string }> = {};
  if (sendsEtagOnGet(route)) implied[304] = { description: 'Not Modified: If-None-Match names the current ETag; no content (RFC 9110 section 15.4.5)' };
  if (route.idempotent) Object.assign(implied, { 409: schemaRef('problem'), 422: schemaRef('problem') });
  return implied;
}

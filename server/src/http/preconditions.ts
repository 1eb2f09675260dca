import { ApiError } from '../errors/api-error.js';

/**
 * The version a writer expects, from If-Match (RFC 9110 section 13.1.1). Our ETags are the
 * policy version in quotes, `"3"`; a bare `3` and a weak `W/"3"` are accepted too, and `*`
 * means "any current version". Undefined when the header is absent.
 */
export function expectedVersionFrom(header: string | string[] | undefined): number | '*' | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return '*';
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!match)
    throw new ApiError('validation_failed', 'If-Match must be the version you read, as an ETag such as "3"', {
      errors: [{ pointer: '/if-match', in: 'headers', detail: 'must be an entity tag such as "3"' }],
    });
  return Number(match[1]);
}

export function etagFor(version: number): string {
  return `"${version}"`;
}

/** 412 when the resource moved on since the writer read it. */
export function assertVersionMatches(expected: number | '*' | undefined, current: number): void {
  if (expected === undefined || expected === '*' || expected === current) return;
  throw new ApiError(
    'precondition_failed',
    `The policy is at version ${current}, not ${expected}: someone else changed it; read it again and reapply your change`,
  );
}

/**
 * Whether If-None-Match names `etag` (RFC 9110 section 13.1.2: weak comparison, a list, or `*`):
 * a GET answers 304 Not Modified then.
 */
export function noneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map(opaque);
  return tags.includes('*') || tags.includes(opaque(etag));
}

import { ApiError } from '../errors/api-error.js';

/** An entity tag (RFC 9110 section 8.8.3): `"xyz"`, or weak, `W/"xyz"`. `opaque` keeps its quotes. */
export interface EntityTag {
  weak: boolean;
  opaque: string;
}

/**
 * One element of a list of entity tags, then a comma or the end. etagc (section 8.8.3) is any
 * visible character but DQUOTE, or obs-text (Node reads header bytes as latin1): a comma may sit
 * inside a tag, so the list cannot be split on commas. Empty elements are allowed (section 5.6.1).
 */
const listElement = /[ \t]*(?:(W\/)?"([\x21\x23-\x7E\x80-\xFF]*)")?[ \t]*(,|$)/y;

/**
 * The value of If-Match or If-None-Match (RFC 9110 sections 13.1.1 and 13.1.2): `*`, or a list of
 * entity tags; several header lines are one list (section 5.3). Null when it is neither.
 */
export function parseEntityTags(header: string | string[]): '*' | EntityTag[] | null {
  const value = (Array.isArray(header) ? header.join(', ') : header).trim();
  if (value === '*') return '*';
  const tags: EntityTag[] = [];
  for (let index = 0; index < value.length;) {
    listElement.lastIndex = index;
    const match = listElement.exec(value);
    if (!match) return null;
    if (match[2] !== undefined) tags.push({ weak: match[1] !== undefined, opaque: `"${match[2]}"` });
    if (match[3] === '') break;
    index = listElement.lastIndex;
  }
  return tags;
}

/** Section 8.8.3.2: strong comparison: neither tag weak, the same characters. */
export function strongMatch(a: EntityTag, b: EntityTag): boolean {
  return !a.weak && !b.weak && a.opaque === b.opaque;
}

/** Section 8.8.3.2: weak comparison: the same characters, weak or not. */
export function weakMatch(a: EntityTag, b: EntityTag): boolean {
  return a.opaque === b.opaque;
}

/** If-Match as a writer sent it: absent, `*` (any current version), or the entity tags it lists. */
export type ExpectedVersion = '*' | readonly EntityTag[] | undefined;

/**
 * If-Match of a write (RFC 9110 section 13.1.1), checked later against the row it locks
 * (assertVersionMatches). Our ETags are the version in quotes, `"3"`. A value outside the
 * grammar (a bare `3`, an unclosed quote) is refused with 400 rather than guessed at.
 */
export function expectedVersionFrom(header: string | string[] | undefined): ExpectedVersion {
  if (header === undefined) return undefined;
  const parsed = parseEntityTags(header);
  if (parsed === null)
    throw new ApiError('validation_failed', 'If-Match must be `*` or the ETag you read, in quotes, such as "3" (a list of them is fine too)', {
      errors: [{ pointer: '/if-match', in: 'headers', detail: 'must be * or a list of entity tags such as "3"' }],
    });
  return parsed;
}

export function etagFor(version: number): string {
  return `"${version}"`;
}

/**
 * 412 unless If-Match holds for the resource at version `current` (RFC 9110 section 13.1.1): `*`
 * holds for any existing resource, a list holds when one of its tags matches the current ETag by
 * strong comparison, so a weak tag (`W/"3"`) never does.
 */
export function assertVersionMatches(expected: ExpectedVersion, current: number): void {
  if (expected === undefined || expected === '*') return;
  const currentTag: EntityTag = { weak: false, opaque: etagFor(current) };
  if (expected.some((tag) => strongMatch(tag, currentTag))) return;
  if (expected.length === 0) throw new ApiError('precondition_failed', 'If-Match is empty, so it holds for no version: send the ETag you read');
  const strong = expected.filter((tag) => !tag.weak).map((tag) => tag.opaque.replace(/^"(\d{1,9})"$/, '$1'));
  const weak = expected.find((tag) => tag.weak);
  if (strong.length === 0 && weak) {
    throw new ApiError(
      'precondition_failed',
      `If-Match compares entity tags strongly (RFC 9110 section 13.1.1): a weak tag such as W/${weak.opaque} never matches; send the ETag as the answer gave it, ${weak.opaque}`,
    );
  }
  throw new ApiError(
    'precondition_failed',
    `The policy is at version ${current}, not ${strong.join(' or ')}: someone else changed it; read it again and reapply your change`,
  );
}

/**
 * Whether If-None-Match names `etag` (RFC 9110 section 13.1.2: weak comparison, a list, or `*`):
 * a GET or HEAD answers 304 Not Modified then (http/conditional-get.ts). A value outside the
 * grammar names nothing, so the full answer goes out.
 */
export function noneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const current = parseEntityTags(etag);
  const listed = parseEntityTags(header);
  if (listed === null || current === null || current === '*' || current.length !== 1) return false;
  return listed === '*' || listed.some((tag) => weakMatch(tag, current[0]!));
}

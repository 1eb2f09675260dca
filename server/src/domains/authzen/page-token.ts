import { createHash } from 'node:crypto';
import { canonicalJson, unstorableCharacter } from '../../../../core/src/index.js';
import { ApiError } from '../../errors/api-error.js';

/**
 * AuthZEN search page tokens (spec, "Paginated Requests": an opaque `next_token`, sent back as
 * `page.token`). A token is the position after which the next page starts (the last candidate
 * decided) and a digest of the query it belongs to, versioned so its form can change. It is not
 * signed: it is harmless rather than tamper-proof. A changed position only starts the walk
 * elsewhere in the list the same caller may walk from its start, and every answer is decided
 * afresh; a token of another query (or a digest changed to fit one) is refused, 400 at /page/token.
 */
export function pageToken(query: unknown, after: string): string {
  return Buffer.from(`v1|${queryDigest(query)}|${after}`, 'utf8').toString('base64url');
}

/** The position a token resumes after, or a 400 when it is not one this query's pages gave out. */
export function positionOf(token: string, query: unknown): string {
  // The token is base64url, so the input boundary never saw the position; it is compared in SQL,
  // so core's rule for text PostgreSQL cannot take applies to it as to every other input.
  const match = /^v1\|([A-Za-z0-9_-]{22})\|(.+)$/s.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match || unstorableCharacter(match[2]!) !== null) throw invalidToken('is not a page token of this API: send page.next_token as it came');
  if (match[1] !== queryDigest(query)) throw invalidToken('belongs to another query: send it with the query whose answer gave it');
  return match[2]!;
}

/** 128 bits of SHA-256 over the query in canonical JSON: members in any order are one query. */
function queryDigest(query: unknown): string {
  return createHash('sha256').update(canonicalJson(query), 'utf8').digest().subarray(0, 16).toString('base64url');
}

function invalidToken(detail: string): ApiError {
  return new ApiError('validation_failed', `The page token ${detail}`, { errors: [{ pointer: '/page/token', in: 'body', detail }] });
}

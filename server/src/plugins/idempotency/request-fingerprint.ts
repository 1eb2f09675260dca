import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { canonicalJson } from '../../../../core/src/index.js';

/** The request header (Stripe's name; draft-ietf-httpapi-idempotency-key-header's too). */
export const idempotencyKeyHeader = 'idempotency-key';

/** Stripe: "Idempotency keys are up to 255 characters long". */
export const maxIdempotencyKeyLength = 255;

/**
 * Visible ASCII, no space: UUIDs, hex, base64 and base64url all fit. Spaces are refused so that
 * two Idempotency-Key headers, which Node joins as "a, b", are refused rather than read as one key.
 */
const keyPattern = new RegExp(`^[\\x21-\\x7e]{1,${maxIdempotencyKeyLength}}$`);

/** The request's key, undefined without the header; 400 validation_failed for a key out of bounds. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (keyPattern.test(value)) return value;
  const detail = `must be 1 to ${maxIdempotencyKeyLength} visible ASCII characters without spaces, sent once (a V4 UUID is a good key)`;
  throw new ApiError('validation_failed', `Idempotency-Key ${detail}`, { errors: [{ pointer: `/${idempotencyKeyHeader}`, in: 'headers', detail }] });
}

/**
 * What makes two requests "the same" for one key: method, path with query, If-Match (it changes
 * what a rollback does) and the body as RFC 8785 canonical JSON, so key order and whitespace do
 * not count. Stripe compares "incoming parameters" the same way; another endpoint is another
 * request, so a key sent to a second path is refused as reused.
 */
export function requestFingerprint(request: FastifyRequest): string {
  const ifMatch = request.headers['if-match'];
  const compared = { method: request.method, url: request.url, if_match: ifMatch ?? null, body: request.body ?? null };
  return createHash('sha256').update(canonicalJson(compared), 'utf8').digest('hex');
}

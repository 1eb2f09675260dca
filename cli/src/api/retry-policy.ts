import { idempotencyKeyPosts } from './generated/operations.js';

/**
 * When the client sends a request again (docs/cli-usage.md, "Retries"). A 429 (rate limited) or a
 * 503 (overloaded, draining, its database away) says the server did not do the work; the client
 * waits as Retry-After asks (RFC 9110 section 10.2.3: seconds or an HTTP-date) and tries again,
 * bounded: at most `maxRetries` more attempts, never a wait over `maxRetryAfterMs`. A server that
 * asks for longer is answered at once with its refusal and the wait it asked for, rather than held
 * for a retry it said would fail (gh and the AWS CLI give up likewise on long waits).
 * Only requests that are safe to repeat are retried: the idempotent methods of RFC 9110 section
 * 9.2.2, and POSTs that carry an Idempotency-Key the server honours (the same key on every attempt,
 * so the server replays its first answer rather than creating twice).
 */
export const retryPolicy = {
  statuses: [429, 503] as readonly number[],
  maxRetries: 3,
  maxRetryAfterMs: 30_000,
  /** Without Retry-After: 1 s, 2 s, 4 s. */
  backoffMs: (retry: number): number => 1000 * 2 ** retry,
};

const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

const idempotencyKeyRoutes = idempotencyKeyPosts.map((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`));

/** Whether a POST to `path` (after /v1, without the query) takes an Idempotency-Key (the OpenAPI document declares it). */
export function takesIdempotencyKey(method: string, path: string): boolean {
  return method === 'POST' && idempotencyKeyRoutes.some((route) => route.test(path));
}

/** Whether a request may be sent again: an idempotent method, or a POST that carries an Idempotency-Key. */
export function mayRetry(method: string, headers: Record<string, string>): boolean {
  return idempotentMethods.has(method) || (method === 'POST' && Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key'));
}

/** Retry-After in milliseconds from `now` (seconds or an HTTP-date; a date past is 0); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  // RFC 9110 section 5.6.7: an HTTP-date names its zone GMT; anything else is not one.
  if (Number.isNaN(date) || !/GMT$/.test(text)) return undefined;
  return Math.max(0, date - now);
}

export type RetryDecision = { retry: true; waitMs: number } | { retry: false; askedMs?: number };

/** Whether to send again after an answer with `status`, this being retry number `retry` (0 for the first). */
export function retryDecision(status: number, retryAfter: string | null, retry: number, now: number): RetryDecision {
  if (!retryPolicy.statuses.includes(status)) return { retry: false };
  const asked = retryAfterMs(retryAfter, now);
  if (asked !== undefined && asked > retryPolicy.maxRetryAfterMs) return { retry: false, askedMs: asked };
  if (retry >= retryPolicy.maxRetries) return { retry: false, ...(asked === undefined ? {} : { askedMs: asked }) };
  return { retry: true, waitMs: asked ?? retryPolicy.backoffMs(retry) };
}

/**
 * The class and limit of a RateLimit-Policy header (draft-ietf-httpapi-ratelimit-headers, as the
 * server sends it: `"standard";q=1000;w=60`); undefined when absent or not of that form.
 */
export function rateLimitPolicy(value: string | null): { rateClass: string; quota: number; windowSeconds: number } | undefined {
  const match = /^\s*"([A-Za-z0-9_-]{1,40})"\s*;\s*q=(\d{1,9})\s*;\s*w=(\d{1,9})\s*$/.exec(value ?? '');
  return match ? { rateClass: match[1]!, quota: Number(match[2]), windowSeconds: Number(match[3]) } : undefined;
}

/**
 * The one line of a 429 the client gave up on: the server's reason, the limit class it counts
 * against, how often the client tried, and when to try again (Retry-After), as gh says "API rate
 * limit exceeded ... try again in" rather than a bare status.
 */
export function rateLimitedMessage(detail: string, policy: string | null, waitMs: number | undefined, retries: number): string {
  const limit = rateLimitPolicy(policy);
  // The header says the class and the limit; the server's detail only where it is absent (it would repeat them).
  const parts = [
    limit
      ? `Rate limited by the server: more than ${limit.quota} requests per ${limit.windowSeconds} s in limit class ${limit.rateClass}`
      : `Rate limited by the server: ${detail}`,
  ];
  if (retries > 0) parts.push(`still refused after ${retries} ${retries === 1 ? 'retry' : 'retries'}`);
  else if (waitMs !== undefined && waitMs > retryPolicy.maxRetryAfterMs) parts.push(`not retried: a wait over ${retryPolicy.maxRetryAfterMs / 1000} s`);
  if (waitMs !== undefined) parts.push(`try again in ${Math.ceil(waitMs / 1000)} s (Retry-After)`);
  return parts.join('; ');
}

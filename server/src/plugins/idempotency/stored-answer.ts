/** An answer as kept for the replays of its key. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body as sent (JSON or problem+json text), minus the route's one-time secrets. */
  body: string;
}

/**
 * Headers that describe the answer, so a replay carries them: what it is, where the created
 * resource lives, its version, whether it may be cached, when to poll a report. Not those of the
 * exchange (date, request id, rate-limit counts), which a replay gets afresh.
 */
const answerHeaders = ['content-type', 'location', 'etag', 'cache-control', 'retry-after'] as const;

/**
 * Whether an answer is kept for its key. Stripe keeps every answer of an endpoint that began
 * executing, 500s included, since a failed charge may already have reached a bank; its API v2
 * runs failed work again instead. Here every write is one PostgreSQL transaction that commits
 * whole or not at all, and a 5xx says nothing was committed (503 write_conflict: "send it again"),
 * so a 5xx releases the key and the retry runs again. 2xx and 4xx are the request's outcome and
 * are replayed. Refusals before the handler (validation, authentication, scope, rate limit,
 * idempotency_key_in_use) never reach this point: they are not kept either, as at Stripe.
 */
export function isKeptStatus(status: number): boolean {
  return status >= 200 && status < 500;
}

/**
 * The answer to keep, or null when it cannot be kept safely (a body that is not text, or a
 * success whose secrets cannot be taken out). `oneTimeSecrets` are top-level members of a 2xx
 * body shown once (an API token, a webhook's signing secret): they are never written to the
 * database, not even encrypted, so a replay answers without them (docs/api.md, "Idempotent requests").
 */
export function answerToStore(status: number, headers: Record<string, unknown>, payload: unknown, oneTimeSecrets: readonly string[]): StoredAnswer | null {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null) return null;
  const body = status < 300 && oneTimeSecrets.length > 0 ? withoutMembers(text, oneTimeSecrets) : text;
  if (body === null) return null;
  const kept: Record<string, string> = {};
  for (const name of answerHeaders) {
    const value = headers[name];
    if (typeof value === 'string' || typeof value === 'number') kept[name] = String(value);
  }
  return { status, headers: kept, body };
}

function withoutMembers(text: string, members: readonly string[]): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const kept = { ...(parsed as Record<string, unknown>) };
  for (const member of members) delete kept[member];
  return JSON.stringify(kept);
}

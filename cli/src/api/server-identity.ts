import { CommandError } from '../../../kit/src/index.js';

/**
 * Telling an acctl server from something else at --server (a web page, another API, a proxy's
 * error page): without this, a command read an HTML page as JSON and crashed on `undefined`.
 * The client asks once, when an answer does not have the shape acctl's have.
 */

/** What an answer looked like, in a few words: status, media type, and the start of its body on one line. */
export function describeAnswer(status: number, contentType: string | null, body: string): string {
  const type = (contentType ?? 'no content type').split(';')[0]!.trim();
  // Control characters and runs of spaces would break the one line; a page's start is enough to recognise it.
  const start = body
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const excerpt = start === '' ? '' : `: ${JSON.stringify(start.length > 60 ? `${start.slice(0, 60)}…` : start)}`;
  return `HTTP ${status} ${type}${excerpt}`;
}

/** Whether an error answer is acctl's problem+json (RFC 9457, schemas/problem.json): that media type, or a stable `code` with a detail or title. */
export function isProblem(contentType: string | null, body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  if ((contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/problem+json') return true;
  const problem = body as Record<string, unknown>;
  return typeof problem.code === 'string' && (typeof problem.detail === 'string' || typeof problem.title === 'string');
}

/** Whether a 2xx answer is the JSON the request asked for (a request that asked for another type, csv, is not checked). */
export function isJsonMediaType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/** What answers GET /v1/health: acctl, acctl asking to wait (429 or 503 as problem+json), or something else. */
export type HealthAnswer = { kind: 'acctl' } | { kind: 'busy'; status: number; headers: Headers; body: unknown } | { kind: 'other'; answered: string };

/**
 * GET /v1/health: acctl's answers `{ status, version, checks: { audit_log } }`
 * (server/src/domains/health/routes.ts, schemas/health.json), or its problem+json when it is
 * rate limited or unavailable. `answered` says what else answered, in a few words
 * (describeAnswer). A failure to connect throws.
 */
export async function healthAnswer(fetchImpl: typeof fetch, baseUrl: string, headers: Record<string, string>): Promise<HealthAnswer> {
  const response = await fetchImpl(new URL(`${baseUrl}/health`), { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(5000) });
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  const body = parseJson(text)?.value;
  if ((response.status === 429 || response.status === 503) && isProblem(contentType, body))
    return { kind: 'busy', status: response.status, headers: response.headers, body };
  const health = (response.ok && isJsonMediaType(contentType) ? body : undefined) as { version?: unknown; checks?: { audit_log?: unknown } } | null | undefined;
  if (typeof health?.version === 'string' && typeof health.checks?.audit_log === 'object' && health.checks.audit_log !== null) return { kind: 'acctl' };
  return { kind: 'other', answered: describeAnswer(response.status, contentType, text) };
}

/** Whether GET /v1/health answers as acctl's does; false for any other answer, or none. */
export async function answersAsAcctl(fetchImpl: typeof fetch, baseUrl: string, headers: Record<string, string>): Promise<boolean> {
  return (await healthAnswer(fetchImpl, baseUrl, headers).catch(() => undefined))?.kind === 'acctl';
}

/** The one error for a --server that is not acctl: exit code 8, as for a server that cannot be reached. */
export function notAcctlServer(server: string, answered: string): CommandError {
  return new CommandError('server_unreachable', `${server} does not look like an acctl server (it answered ${answered})`, {
    suggestions: ["Check --server / ACCTL_SERVER (or the profile's server): it names the origin an acctl server listens on, such as http://127.0.0.1:8080"],
  });
}

/** The body as JSON, or undefined when it is not JSON (a boxed value: a body `null` is JSON). */
export function parseJson(text: string): { value: unknown } | undefined {
  if (text === '') return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

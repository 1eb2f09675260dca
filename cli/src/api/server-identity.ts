import { CommandError } from '../errors.js';

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

/**
 * GET /v1/health, once: acctl's answers `{ status, version, checks: { audit_log } }`
 * (server/src/domains/health/routes.ts, schemas/health.json). False for any other answer, or none.
 */
export async function answersAsAcctl(fetchImpl: typeof fetch, baseUrl: string, headers: Record<string, string>): Promise<boolean> {
  try {
    const response = await fetchImpl(new URL(`${baseUrl}/health`), { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(5000) });
    if (!response.ok || !isJsonMediaType(response.headers.get('content-type'))) {
      await response.body?.cancel();
      return false;
    }
    const health = (await response.json()) as { version?: unknown; checks?: { audit_log?: unknown } };
    return typeof health.version === 'string' && typeof health.checks?.audit_log === 'object' && health.checks.audit_log !== null;
  } catch {
    return false;
  }
}

/** The one error for a --server that is not acctl: exit code 8, as for a server that cannot be reached. */
export function notAcctlServer(server: string, answered: string): CommandError {
  return new CommandError('server_unreachable', `${server} does not look like an acctl server (it answered ${answered})`, {
    suggestions: ["Check --server / ACCTL_SERVER (or the profile's server): it names the origin an acctl server listens on, such as http://127.0.0.1:8080"],
  });
}

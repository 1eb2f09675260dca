import type { OAuthTokenResponse, Problem } from '../../../core/src/index.js';
import { CommandError, type FailureCode } from '../errors.js';
import type { Credentials } from '../credentials/env.js';

export interface ApiRequest {
  query?: Record<string, string | number | readonly string[] | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Ends the request early (a timeout, Ctrl-C): it then fails as the server being unreachable. */
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** The server's origin, e.g. http://127.0.0.1:8080 (`/v1` is appended). */
  server: string;
  credentials: Credentials;
  fetch?: typeof fetch;
}

/**
 * A small typed client of the REST API. Problem+json answers become CommandErrors carrying the
 * server's `detail`, with the exit code their status maps to (statusFailureCode).
 */
export class ApiClient {
  readonly baseUrl: string;
  readonly #credentials: Credentials;
  readonly #fetch: typeof fetch;
  #token: Promise<string> | undefined;

  constructor(options: ApiClientOptions) {
    this.baseUrl = apiBaseUrl(options.server);
    this.#credentials = options.credentials;
    this.#fetch = options.fetch ?? fetch;
  }

  get<T>(path: string, request: ApiRequest = {}): Promise<T> {
    return this.request<T>('GET', path, request);
  }

  post<T>(path: string, request: ApiRequest = {}): Promise<T> {
    return this.request<T>('POST', path, request);
  }

  patch<T>(path: string, request: ApiRequest = {}): Promise<T> {
    return this.request<T>('PATCH', path, request);
  }

  delete<T>(path: string, request: ApiRequest = {}): Promise<T> {
    return this.request<T>('DELETE', path, request);
  }

  async request<T>(method: string, path: string, request: ApiRequest = {}): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
    const send = async (): Promise<Response> => {
      const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${await this.#bearerToken()}`, ...request.headers };
      if (request.body !== undefined) headers['content-type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      return this.#send(url, { method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body), signal: request.signal });
    };
    let response = await send();
    // A token this process obtained has expired (a long `audit tail`): obtain a new one, once.
    if (response.status === 401 && this.#credentials.kind !== 'bearer' && this.#token !== undefined) {
      await response.body?.cancel();
      this.#token = undefined;
      response = await send();
    }
    const body = await readBody(response);
    if (!response.ok) throw problemError(response.status, body);
    return body as T;
  }

  /** The bearer token: ACCTL_TOKEN as is, a stored profile's (refreshed if due), or one client_credentials grant per process. */
  #bearerToken(): Promise<string> {
    if (this.#credentials.kind === 'bearer') return Promise.resolve(this.#credentials.token);
    if (this.#credentials.kind === 'stored_profile') return (this.#token ??= this.#credentials.accessToken());
    const { clientId, clientSecret } = this.#credentials;
    this.#token ??= (async () => {
      // RFC 6749 section 4.4.2: form-encoded; client authentication in the body (section 2.3.1).
      const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
      const response = await this.#send(new URL(`${this.baseUrl}/oauth/token`), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      });
      const body = await readBody(response);
      if (!response.ok) {
        const oauth = body as { error?: string; error_description?: string } | undefined;
        const code: FailureCode = response.status === 400 || response.status === 401 ? 'auth_error' : statusFailureCode(response.status);
        throw new CommandError(
          code,
          `The server refused ACCTL_CLIENT_ID/ACCTL_CLIENT_SECRET: ${oauth?.error_description ?? oauth?.error ?? `HTTP ${response.status}`}`,
          {
            suggestions: ['Check the client id and secret (acctl server client rotate-secret issues a new secret)'],
          },
        );
      }
      return (body as OAuthTokenResponse).access_token;
    })();
    return this.#token;
  }

  async #send(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await this.#fetch(url, init);
    } catch (error) {
      throw serverUnreachable(this.baseUrl.replace(/\/v1$/, ''), error);
    }
  }
}

/** The origin given, with `/v1` appended once (a trailing `/v1` or slash is accepted). */
export function apiBaseUrl(server: string): string {
  let parsed: URL;
  try {
    parsed = new URL(server);
  } catch {
    throw new CommandError('usage_error', `--server / ACCTL_SERVER is not a URL: ${server}`, { suggestions: ['For example: http://127.0.0.1:8080'] });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new CommandError('usage_error', `--server / ACCTL_SERVER must be an http(s) URL: ${server}`);
  const base = `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
  return base.endsWith('/v1') ? base : `${base}/v1`;
}

/** One place for the HTTP status to exit code mapping (README, "Commands"). */
export function statusFailureCode(status: number): FailureCode {
  if (status === 401 || status === 403) return 'auth_error';
  if (status === 404) return 'not_found';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 400 || status === 422) return 'usage_error';
  return 'internal_error';
}

function problemError(status: number, body: unknown): CommandError {
  const problem = (typeof body === 'object' && body !== null ? body : {}) as Partial<Problem>;
  const detail = problem.detail ?? problem.title ?? (typeof body === 'string' && body !== '' ? body : `HTTP ${status}`);
  const fields = (problem.errors ?? []).map((error) => `${error.in} ${error.pointer || '/'}: ${error.detail}`);
  const message = fields.length === 0 ? detail : `${detail} (${fields.join('; ')})`;
  const suggestions: string[] = [];
  if (status === 401) suggestions.push('Check ACCTL_TOKEN, or ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET, or sign in again: acctl login');
  if (status === 412) suggestions.push('Someone changed it since that version: read it again and retry with the current --expected-version');
  if (problem.request_id) suggestions.push(`request id ${problem.request_id}`);
  return new CommandError(statusFailureCode(status), message, { suggestions });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** The one error for a server that does not answer: every command that talks to one uses it. */
export function serverUnreachable(server: string, error: unknown): CommandError {
  return new CommandError('server_unreachable', `Cannot reach the acctl server at ${server}: ${networkReason(error)}`, {
    cause: error,
    suggestions: ['Check --server / ACCTL_SERVER, and that the server is running (acctl server start)'],
  });
}

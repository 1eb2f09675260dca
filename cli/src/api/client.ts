import { cliUserAgent } from './user-agent.js';
import { randomUUID } from 'node:crypto';
import { accessTokenType, tokenExchangeGrantType, type OAuthTokenResponse, type Problem } from '../../../core/src/index.js';
import { CommandError, type FailureCode } from '../../../kit/src/index.js';
import type { ClientTokenCache, MintedToken } from '../credentials/client-token-cache.js';
import type { Credentials } from '../credentials/env.js';
import { describeFieldErrors, type SentRequest } from './field-errors.js';
import { exchangeRefused, type OAuthRefusal } from './oauth-refusals.js';
import type { paths } from './generated/openapi.js';
import { mayRetry, rateLimitedMessage, retryAfterMs, retryDecision, retryPolicy, takesIdempotencyKey } from './retry-policy.js';
import { answersAsAcctl, describeAnswer, healthAnswer, isJsonMediaType, isProblem, notAcctlServer, parseJson, type HealthAnswer } from './server-identity.js';
import type { MethodOf, SuccessBody, TypedRequest } from './typed-paths.js';

export interface ApiRequest {
  query?: Record<string, string | number | readonly string[] | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Ends the request early (a timeout, Ctrl-C): it then fails as the server being unreachable. */
  signal?: AbortSignal;
  /** The media type asked for (Accept); JSON unless the document declares another for the answer. */
  accept?: string;
}

/** What `exchangeToken` sends besides the client's credentials: the tokens, and what the result is to be narrowed to. */
export interface TokenExchange {
  subjectToken: string;
  actorToken: string;
  scope?: string;
  /** RFC 8707: the API the token is for. */
  resource?: string;
}

export interface ApiClientOptions {
  /** The server's origin, e.g. http://127.0.0.1:8080 (`/v1` is appended). */
  server: string;
  credentials: Credentials;
  /** Where client_credentials tokens are kept between processes (credentials/client-token-cache.ts); none: one grant per client. */
  clientTokens?: ClientTokenCache;
  /** The CLI's version, sent as `User-Agent: acctl/<version>`. */
  version?: string;
  /** The flags of the command using the client (no dashes): a refused field is reported as the flag that carried it. */
  flagNames?: readonly string[];
  fetch?: typeof fetch;
  /** Waits between retries (retry-policy.ts); tests pass one that records instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** The clock Retry-After's HTTP-dates are read against. */
  now?: () => number;
}

/**
 * A small typed client of the REST API. Problem+json answers become CommandErrors carrying the
 * server's `detail`, with the exit code their status maps to (statusFailureCode). 429 and 503 are
 * retried as retry-policy.ts says; an answer acctl would not give is checked against /v1/health once
 * (server-identity.ts). Paths and answers are typed by the generated OpenAPI types (typed-paths.ts).
 */
export class ApiClient {
  readonly baseUrl: string;
  readonly #credentials: Credentials;
  readonly #clientTokens: ClientTokenCache | undefined;
  readonly #fetch: typeof fetch;
  readonly #userAgent: string;
  readonly #flagNames: readonly string[];
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #now: () => number;
  #token: Promise<string> | undefined;
  #confirmedAcctl: Promise<void> | undefined;

  constructor(options: ApiClientOptions) {
    this.baseUrl = apiBaseUrl(options.server);
    this.#credentials = options.credentials;
    this.#clientTokens = options.clientTokens;
    this.#fetch = options.fetch ?? fetch;
    this.#userAgent = cliUserAgent(options.version);
    this.#flagNames = options.flagNames ?? [];
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#now = options.now ?? Date.now;
  }

  /**
   * One call of an operation the OpenAPI document declares, typed by it: `template` is its path
   * (`/principals/{id}`), `path` fills its parameters, and the answer has the type of its 2xx body.
   */
  call<P extends keyof paths, M extends MethodOf<P>, Media extends string = 'application/json'>(
    method: M,
    template: P,
    request: TypedRequest<P, M, Media>,
  ): Promise<SuccessBody<P, M, Media>> {
    const { path: parameters, ...rest } = request as TypedRequest<P, M, Media> & { path?: Record<string, string | number> };
    return this.#request<SuccessBody<P, M, Media>>(method.toUpperCase(), fillPath(template, parameters), rest as ApiRequest);
  }

  /** The one way a request is sent; private, so that every caller goes through the typed `call`. */
  async #request<T>(method: string, path: string, request: ApiRequest): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
    const fixedHeaders: Record<string, string> = { accept: request.accept ?? 'application/json', 'user-agent': this.#userAgent, ...request.headers };
    // One key per logical request, the same on every attempt: the server replays its first answer
    // to a retry rather than creating twice (docs/api.md, "Idempotent requests").
    if (takesIdempotencyKey(method, url.pathname.slice(new URL(this.baseUrl).pathname.length)) && !hasHeader(fixedHeaders, 'idempotency-key'))
      fixedHeaders['idempotency-key'] = randomUUID();
    const send = async (): Promise<Response> => {
      const headers: Record<string, string> = { ...fixedHeaders, authorization: `Bearer ${await this.#bearerToken()}` };
      if (request.body !== undefined) headers['content-type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      return this.#send(url, { method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body), signal: request.signal });
    };
    let response = await send();
    // A token this process obtained, or a cached one, has expired or was revoked (a long `audit
    // tail`): forget it, here and in the cache, and obtain a new one, once.
    if (response.status === 401 && this.#credentials.kind !== 'bearer' && this.#token !== undefined) {
      await response.body?.cancel();
      const refused = await this.#token;
      this.#token = undefined;
      await this.#clientTokens?.forget(refused);
      response = await send();
    }
    let retries = 0;
    if (mayRetry(method, fixedHeaders)) ({ response, retries } = await this.#retried(response, send));
    const text = await response.text();
    const json = parseJson(text);
    const contentType = response.headers.get('content-type');
    if (response.ok) {
      // A 2xx that is not the JSON asked for is not acctl's API (a web page at that address).
      const expectsJson = (fixedHeaders.accept ?? '').includes('json');
      if (expectsJson && text !== '' && (json === undefined || !isJsonMediaType(contentType)))
        throw notAcctlServer(this.#origin(), describeAnswer(response.status, contentType, text));
      // Another media type (a CSV report) is answered as its text, even where it happens to parse as JSON.
      return (text === '' ? undefined : !expectsJson || json === undefined ? text : json.value) as T;
    }
    if (
      !isProblem(contentType, json?.value) &&
      this.#confirmedAcctl === undefined &&
      !(await answersAsAcctl(this.#fetch, this.baseUrl, { 'user-agent': this.#userAgent }))
    )
      throw notAcctlServer(this.#origin(), describeAnswer(response.status, contentType, text));
    throw problemError(response.status, json === undefined ? text : json.value, response.headers, this.#now(), retries, this.#credentials, {
      body: request.body,
      query: request.query,
      flagNames: this.#flagNames,
    });
  }

  #origin(): string {
    return this.baseUrl.replace(/\/v1$/, '');
  }

  /**
   * Credentials from the environment (a client secret, ACCTL_TOKEN) go to a server only once it
   * answered as acctl (issue #22): a mistyped --server, a proxy's page or another API never
   * receives them. Asked once per client. A stored profile's server was checked when it signed in
   * (login reads its RFC 8414 metadata first), and its tokens go nowhere else (api-command.ts).
   */
  #confirmAcctl(): Promise<void> {
    return (this.#confirmedAcctl ??= (async () => {
      const ask = async (): Promise<HealthAnswer> => {
        try {
          return await healthAnswer(this.#fetch, this.baseUrl, { 'user-agent': this.#userAgent });
        } catch (error) {
          throw serverUnreachable(this.#origin(), error);
        }
      };
      let answer = await ask();
      // acctl itself asking to wait (its rate limit, a drain) is waited for as any GET would be.
      let retries = 0;
      for (; answer.kind === 'busy'; retries += 1) {
        const decision = retryDecision(answer.status, answer.headers.get('retry-after'), retries, this.#now());
        if (!decision.retry) break;
        await this.#sleep(decision.waitMs);
        answer = await ask();
      }
      if (answer.kind === 'other') throw notAcctlServer(this.#origin(), answer.answered);
      if (answer.kind === 'busy') throw problemError(answer.status, answer.body, answer.headers, this.#now(), retries, this.#credentials, {});
    })());
  }

  /**
   * The bearer token: ACCTL_TOKEN as is, a stored profile's (refreshed if due), or a
   * client_credentials token: the cached one, else one grant. A cached token goes back only to the
   * server that issued it (the cache is keyed by server), which answered as acctl then.
   */
  async #bearerToken(): Promise<string> {
    if (this.#credentials.kind === 'stored_profile') return (this.#token ??= this.#credentials.accessToken());
    if (this.#credentials.kind === 'bearer') {
      await this.#confirmAcctl();
      return this.#credentials.token;
    }
    const { clientId, clientSecret } = this.#credentials;
    const mint = async (): Promise<MintedToken> => {
      await this.#confirmAcctl();
      return this.#clientCredentialsGrant(clientId, clientSecret);
    };
    return (this.#token ??= this.#clientTokens ? this.#clientTokens.token(mint) : mint().then((minted) => minted.accessToken));
  }

  /** RFC 6749 section 4.4: a grant, when no cached token serves. */
  async #clientCredentialsGrant(clientId: string, clientSecret: string): Promise<MintedToken> {
    // RFC 6749 section 4.4.2: form-encoded; client authentication in the body (section 2.3.1).
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    const { access_token: accessToken, expires_in: expiresIn } = await this.#tokenGrant(
      form,
      ({ reason }) =>
        new CommandError('auth_error', `The server refused ACCTL_CLIENT_ID/ACCTL_CLIENT_SECRET: ${reason}`, {
          suggestions: ['Check the client id and secret (acctl server client rotate-secret issues a new secret)'],
        }),
    );
    // Without a usable lifetime, the token is this process's alone (a lifetime of 0 is never reused).
    return { accessToken, expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 0 };
  }

  /**
   * RFC 8693 token exchange (delegation only, docs/oauth.md), authenticated as this client: its id
   * and secret in the body, as the client_credentials grant sends them. The client is the agent,
   * the actor token its own. A refusal (RFC 6749 section 5.2) becomes the error oauth-refusals.ts
   * makes of its code.
   */
  async exchangeToken(tokens: TokenExchange): Promise<OAuthTokenResponse> {
    if (this.#credentials.kind !== 'client_credentials')
      throw new Error('A token exchange authenticates as a client: build the ApiClient with client_credentials');
    await this.#confirmAcctl();
    const form = new URLSearchParams({
      grant_type: tokenExchangeGrantType,
      client_id: this.#credentials.clientId,
      client_secret: this.#credentials.clientSecret,
      subject_token: tokens.subjectToken,
      subject_token_type: accessTokenType,
      actor_token: tokens.actorToken,
      actor_token_type: accessTokenType,
    });
    if (tokens.scope !== undefined) form.set('scope', tokens.scope);
    if (tokens.resource !== undefined) form.set('resource', tokens.resource);
    return this.#tokenGrant(form, exchangeRefused);
  }

  /**
   * One grant at the token endpoint: its tokens, or `refused` of an RFC 6749 section 5.2 refusal
   * (400, 401). A 429 or 503 is retried as any safe request is (retry-policy.ts): an answer
   * refused that way issued nothing, so sending it again is harmless.
   */
  async #tokenGrant(form: URLSearchParams, refused: (refusal: OAuthRefusal) => CommandError): Promise<OAuthTokenResponse> {
    const send = () =>
      this.#send(new URL(`${this.baseUrl}/oauth/token`), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'user-agent': this.#userAgent },
        body: form.toString(),
      });
    const { response, retries } = await this.#retried(await send(), send);
    const text = await response.text();
    const body = parseJson(text)?.value;
    // An answer that is not JSON (RFC 6749 section 5.1, 5.2; or a problem+json of the server's): what is there is not acctl.
    if (typeof body !== 'object' || body === null || (response.ok && typeof (body as { access_token?: unknown }).access_token !== 'string'))
      throw notAcctlServer(this.#origin(), describeAnswer(response.status, response.headers.get('content-type'), text));
    if (response.ok) return body as OAuthTokenResponse;
    const reason = refusalReason(body, response.status);
    // The token endpoint's 429 (a throttle or the rate limit) is the pace, not the secret.
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after'), this.#now());
      throw new CommandError('rate_limited', rateLimitedMessage(reason, response.headers.get('ratelimit-policy'), wait, retries));
    }
    if (response.status !== 400 && response.status !== 401)
      throw new CommandError(
        statusFailureCode(response.status),
        `The server could not issue a token${retries > 0 ? ` (still failing after ${retries} ${retries === 1 ? 'retry' : 'retries'})` : ''}: ${reason}`,
      );
    const error = (body as { error?: unknown }).error;
    throw refused({ error: typeof error === 'string' ? error : undefined, reason, status: response.status });
  }

  /** A 429 or 503 answer sent again as retry-policy.ts says, for a request safe to repeat: the last answer, and how many retries it took. */
  async #retried(first: Response, send: () => Promise<Response>): Promise<{ response: Response; retries: number }> {
    let response = first;
    let retries = 0;
    for (; ; retries += 1) {
      const decision = retryDecision(response.status, response.headers.get('retry-after'), retries, this.#now());
      if (!decision.retry) return { response, retries };
      await response.body?.cancel();
      await this.#sleep(decision.waitMs);
      response = await send();
    }
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
  if (status === 429) return 'rate_limited';
  return 'internal_error';
}

function problemError(
  status: number,
  body: unknown,
  headers: Headers,
  now: number,
  retries: number,
  credentials: Credentials,
  sent: SentRequest,
): CommandError {
  const problem = (typeof body === 'object' && body !== null ? body : {}) as Partial<Problem>;
  const detail = problem.detail ?? problem.title ?? (typeof body === 'string' && body !== '' ? body : `HTTP ${status}`);
  const wait = retryAfterMs(headers.get('retry-after'), now);
  const message =
    status === 429
      ? rateLimitedMessage(detail, headers.get('ratelimit-policy'), wait, retries)
      : (problem.errors ?? []).length === 0
        ? detail
        : describeFieldErrors(detail, problem.errors!, sent);
  const suggestions: string[] = [];
  if (status === 401) suggestions.push(credentialsAdvice[credentials.kind]);
  if (status === 412) suggestions.push('Someone changed it since that version: read it again and retry with the current --expected-version');
  if (retryPolicy.statuses.includes(status) && wait !== undefined) suggestions.push(`The server asks to wait ${Math.ceil(wait / 1000)} s before trying again`);
  if (problem.request_id) suggestions.push(`request id ${problem.request_id}`);
  return new CommandError(statusFailureCode(status), message, { suggestions, problem: { ...problem, status } });
}

/** What to check when the server refuses the credentials, by where they came from. */
const credentialsAdvice: Record<Credentials['kind'], string> = {
  bearer: 'Check ACCTL_TOKEN: it may have expired or been revoked',
  client_credentials: 'Check ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET (acctl server client rotate-secret issues a new secret)',
  stored_profile: 'Sign in again: acctl login (the stored sign-in may have been revoked, or its user deleted)',
};

/**
 * Why an error answer refused, in words: RFC 6749's error_description or error (section 5.2), or
 * a problem's detail or title (RFC 9457); only strings are shown (an object is not a reason).
 */
function refusalReason(body: object, status: number): string {
  const fields = body as Record<string, unknown>;
  const reason = [fields.error_description, fields.error, fields.detail, fields.title].find((value) => typeof value === 'string' && value !== '');
  return (reason as string | undefined) ?? `HTTP ${status}`;
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/** `/principals/{id}` with `{ id: 'p 1' }` is `/principals/p%201`. */
function fillPath(template: string, parameters: Record<string, string | number> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new Error(`path parameter ${name} of ${template} is missing`);
    return encodeURIComponent(String(value));
  });
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

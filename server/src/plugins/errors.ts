import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isConcurrencyConflict } from '../db/transaction-retry.js';
import { ApiError, type InvalidField } from '../errors/api-error.js';
import { OAuthError, ServerError, TemporarilyUnavailable, InvalidRequest, TooManyRequests } from '../errors/oauth-errors.js';
import { newRouteTable, withRateLimitHeaders } from '../http/client-errors.js';
import { namePattern, nameRule, nfcRule } from '../../../core/src/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Errors on this route are answered as RFC 6749 bodies instead of problem+json. */
    oauthErrors?: boolean;
  }
}

/** Fastify's own 4xx errors, by code, mapped to our catalog. */
const fastifyCodes: Record<string, ApiError['code']> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformed_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_body',
  FST_ERR_CTP_EMPTY_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
};

/**
 * One place that turns every thrown error into an answer: RFC 9457 problem+json on the REST API,
 * RFC 6749 bodies on OAuth endpoints. Internal errors are logged with their cause and answered
 * with a generic detail: no stack trace or SQL reaches a client.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    const routes = newRouteTable(app);
    app.addHook('onRoute', (route) => routes.add(route.url, route.method, route.config?.oauthErrors === true));
    // An OAuth endpoint's path asked with a method it does not take matches no route, yet its
    // errors (a malformed query, a rate limit) are still RFC 6749 bodies, as its 405 is.
    const answersOAuthErrors = (request: FastifyRequest): boolean =>
      request.routeOptions.config?.oauthErrors === true || (request.is404 && routes.of(request.url.split('?')[0]!)?.oauth === true);
    // A client closing its connection before its request was whole is no server failure (nginx logs
    // it as 499 at info level). Logged here, once, at whatever stage the request was: one that left
    // before Fastify began reading its body never reaches the error handler (the body reader's
    // listeners come after the stream's end), which made test/http/client-aborts flaky.
    app.addHook('onRequestAbort', (request, done) => {
      request.log.info({ error_code: 'ECONNRESET' }, 'the client closed its connection before its request was read');
      done();
    });
    app.setErrorHandler((error: FastifyError | Error, request, reply) => {
      if (error instanceof OAuthError) {
        // A client's mistake (invalid_client, invalid_scope...) is not a server failure to alert on.
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        else request.log.info({ code: error.error, status: error.status }, error.message);
        return sendOAuthError(reply, error);
      }
      if (clientWentAway(error, request)) {
        // Nobody reads this answer; the onRequestAbort hook below logs the leaving. Its ECONNRESET is
        // not the database's (isDatabaseUnavailable).
        return sendProblem(reply, request, new ApiError('malformed_body', 'The request body ended early: the client closed its connection'));
      }
      const apiError = toApiError(error, request);
      if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: apiError.code, status: apiError.status }, apiError.message);
      if (answersOAuthErrors(request)) return sendOAuthError(reply, toOAuthError(error, apiError));
      return sendProblem(reply, request, apiError);
    });
    // A request that reaches a closing server on a connection it already had: Fastify's own 503
    // (return503OnClosing) is off in app.ts, so it is answered here as every other 503, with
    // Retry-After and the rate-limit headers, before any other work. Fastify marks it
    // Connection: close; another replica (or this one restarted) takes the retry.
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    app.addHook('onRequest', (request, _reply, done) => {
      if (!closing) return done();
      const refuse = (rateLimitHeaders: Record<string, string>): void =>
        done(
          new ApiError('service_unavailable', 'This server is shutting down; send the request again', { headers: { ...rateLimitHeaders, 'retry-after': '1' } }),
        );
      withRateLimitHeaders(request.server, request.ip, refuse);
    });
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]!;
      const endpoint = routes.of(path);
      if (!endpoint) return sendProblem(reply, request, new ApiError('route_not_found', `No endpoint answers ${request.method} ${path}`));
      // RFC 9110 section 15.5.6: a 405 names the methods the resource takes.
      const allow = [...endpoint.methods].sort().join(', ');
      const detail = `${path} does not take ${request.method}; it takes ${allow}`;
      if (endpoint.oauth) return sendOAuthError(reply, new OAuthError('invalid_request', 405, detail, { allow }));
      return sendProblem(reply, request, new ApiError('method_not_allowed', detail, { headers: { allow } }));
    });
  },
  { name: 'errors' },
);

/**
 * Errors Fastify raises before routing, for which no hook runs (a URL that is not valid
 * percent-encoding, a path parameter over maxParamLength): a problem with the request id too,
 * instead of Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError('validation_failed', 'The URL is not valid: its path has broken percent-encoding or an overlong segment')
      : new ApiError('internal_error', 'An unexpected error occurred; the request id identifies it in the server log', { cause: error });
  if (apiError.status >= 500) request.log.error({ err: error }, 'request failed before routing');
  reply.header('x-request-id', request.id);
  // No hook runs for these, the rate-limit plugin's neither: counted here, by address.
  const send = (rateLimitHeaders: Record<string, string>): void => void sendProblem(reply.headers(rateLimitHeaders), request, apiError);
  withRateLimitHeaders(request.server, request.ip, send);
}

export function sendProblem(reply: FastifyReply, request: FastifyRequest, error: ApiError): FastifyReply {
  const problem = { ...error.toProblem(request.url.split('?')[0]), request_id: request.id };
  return reply.code(error.status).headers(error.headers).type('application/problem+json').send(problem);
}

function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  return reply
    .code(error.status)
    .headers({ ...error.headers, 'cache-control': 'no-store', pragma: 'no-cache' })
    .type('application/json')
    .send(error.toBody());
}

function toOAuthError(error: unknown, apiError: ApiError): OAuthError {
  if (error instanceof OAuthError) return error;
  // RFC 6749 section 5.2 has no Retry-After of its own; HTTP's (RFC 9110 section 10.2.3) still applies.
  if (apiError.status === 503) {
    const unavailable = new TemporarilyUnavailable();
    return new OAuthError(unavailable.error, unavailable.status, unavailable.message, apiError.headers);
  }
  if (apiError.status === 429) return new TooManyRequests(apiError.message, apiError.headers);
  if (apiError.status >= 500) return new ServerError();
  return new InvalidRequest(apiError.message);
}

function toApiError(error: FastifyError | Error, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const part = (fastifyError.validationContext ?? 'body') as InvalidField['in'];
    // `if`/`then` failures repeat what the inner errors already say.
    const issues = fastifyError.validation.filter((issue) => issue.keyword !== 'if');
    const described = issues.map((issue) => describeIssue(issue, part));
    // A missing discriminator member is also reported as "must be a string": once is enough.
    // Counted per pointer in one pass: comparing each issue with every other took minutes of the
    // event loop for a body of 100,000 empty changes (300 KB), quadratic in the issues.
    const perPointer = new Map<string, number>();
    for (const field of described) perPointer.set(field.pointer, (perPointer.get(field.pointer) ?? 0) + 1);
    const errors: InvalidField[] = described.filter((field, index) => !(issues[index]!.keyword === 'discriminator' && perPointer.get(field.pointer)! > 1));
    const summary = errors.map((e) => `${e.pointer || '/'} ${e.detail}`).join('; ');
    return new ApiError('validation_failed', `Invalid ${part === ('querystring' as string) ? 'query' : part}: ${summary}`, { errors });
  }
  const mapped = fastifyError.code ? fastifyCodes[fastifyError.code] : undefined;
  if (mapped) return new ApiError(mapped, fastifyError.message);
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return new ApiError('malformed_body', `Body is not valid JSON: ${error.message}`);
  if (isUnstorableInput(error))
    return new ApiError(
      'validation_failed',
      'The request contains a value that cannot be stored or looked up: a NUL character (U+0000), or a number out of range',
    );
  if (isDatabaseUnavailable(error))
    return new ApiError('service_unavailable', 'The database is not reachable; try again shortly', { headers: { 'retry-after': '5' } });
  // Retried already (db/transaction-retry.ts); a conflict is the server's to resolve, never a 500.
  if (isConcurrencyConflict(error))
    return new ApiError('write_conflict', 'Concurrent writes kept this one from completing; nothing was stored, send it again', {
      headers: { 'retry-after': '1' },
    });
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.warn({ err: error }, 'unmapped client error');
    return new ApiError(
      status === 404
        ? 'not_found'
        : status === 405
          ? 'method_not_allowed'
          : status === 413
            ? 'payload_too_large'
            : status === 415
              ? 'unsupported_media_type'
              : 'validation_failed',
      fastifyError.message,
    );
  }
  return new ApiError('internal_error', 'An unexpected error occurred; the request id identifies it in the server log', { cause: error });
}

function describeIssue(
  issue: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> },
  part: InvalidField['in'],
): InvalidField {
  let pointer = issue.instancePath;
  let detail = issue.message ?? 'is invalid';
  if (issue.keyword === 'required') {
    pointer = `${pointer}/${String(issue.params.missingProperty)}`;
    detail = 'is required';
  }
  if (issue.keyword === 'additionalProperties') {
    pointer = `${pointer}/${String(issue.params.additionalProperty)}`;
    detail = 'is not a known field';
  }
  if (issue.keyword === 'enum' && Array.isArray(issue.params.allowedValues)) detail = `must be one of: ${issue.params.allowedValues.join(', ')}`;
  // The name rule (schemas/name.json) said in words, not as its pattern.
  if (issue.keyword === 'pattern' && issue.params.pattern === namePattern) detail = nameRule;
  if (issue.keyword === 'format' && issue.params.format === 'nfc') detail = nfcRule;
  // A oneOf chosen by a member (schemas' `discriminator`: a condition's type, a set change's action):
  // Ajv says "value of tag must be in oneOf"; name the member instead.
  if (issue.keyword === 'discriminator' && typeof issue.params.tag === 'string') {
    pointer = `${pointer}/${issue.params.tag}`;
    detail = issue.params.error === 'mapping' ? `is not a known ${issue.params.tag}` : 'must be a string';
  }
  return { pointer, in: (part as string) === 'querystring' ? 'query' : part, detail };
}

/** The request's own stream was aborted by its client (Node's IncomingMessage 'aborted', ECONNRESET) while it was read. */
function clientWentAway(error: unknown, request: FastifyRequest): boolean {
  return (error as { code?: unknown }).code === 'ECONNRESET' && request.raw.readableAborted;
}

/**
 * Values PostgreSQL refuses as input, in a value to store as in one to compare with: text with NUL
 * (U+0000; 22021 character_not_in_repertoire, 22P05 untranslatable_character), a number out of
 * its column's range (22003) or not a number at all, such as Infinity (22P02). Schemas bound most
 * fields, but not every one can be; whatever gets through is the client's input, not a server
 * failure (found by test/fuzz).
 */
export function isUnstorableInput(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '22021' || code === '22P05' || code === '22003' || code === '22P02';
}

/** Connection-level failures (refused, reset, pool timeout, admin shutdown): the database is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = String((error as { code?: string }).code ?? '');
  const message = String((error as { message?: string }).message ?? '');
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === 'ETIMEDOUT' ||
    code.startsWith('08') || // SQLSTATE class 08: connection exception
    code === '57P01' || // admin_shutdown
    code === '57P02' || // crash_shutdown
    code === '57P03' || // cannot_connect_now
    code === '3D000' || // invalid_catalog_name: the database is gone
    code === '53300' || // too_many_connections
    message.includes('Knex: Timeout acquiring a connection') ||
    message.includes('Connection terminated') ||
    // pg, when a statement (often the ROLLBACK after a lost connection) runs on a broken client.
    message.includes('Client has encountered a connection error') ||
    message.includes('Connection ended unexpectedly')
  );
}

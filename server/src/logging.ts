import type { FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Config } from './config/config.js';

/** Query parameters whose values never reach a log line. */
const sensitiveQueryParameters = /^(code|state|access_token|refresh_token|id_token|client_secret|password|token|code_verifier)$/i;

/**
 * Query parameters whose value is itself a URL of this service: the sign-in page's `return_to`
 * carries the whole authorization request, `state` included, so its query is redacted in turn.
 */
const nestedUrlQueryParameters = /^return_to$/i;

/** The URL with sensitive query values replaced, for request logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const redacted = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
    if (sensitiveQueryParameters.test(key)) redacted.append(key, '[redacted]');
    else if (nestedUrlQueryParameters.test(key)) redacted.append(key, redactUrl(value));
    else redacted.append(key, value);
  }
  return `${url.slice(0, q)}?${redacted.toString()}`;
}

/**
 * pino options: JSON lines with the request id, and every place a secret could sit redacted.
 * Bodies are never logged; headers are logged only as the redacted fields below.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.client_secret',
        '*.access_token',
        '*.refresh_token',
        '*.token',
        '*.code',
        '*.keyEncryptionKey',
        '*.databaseUrl',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // An error's code (ECONNRESET, PostgreSQL's 57P01) tells operators what happened; `*.code`
      // above redacts any `code` member (an authorization code could sit in one), so it is logged
      // as `error_code`.
      err: (error: Error) => {
        const serialized = pino.stdSerializers.err(error);
        const code = (error as { code?: unknown } | null)?.code;
        return typeof code === 'string' || typeof code === 'number' ? { ...serialized, error_code: code } : serialized;
      },
      req: (request: { method: string; url: string; ip?: string; headers: Record<string, string | string[] | undefined> }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    },
  };
}

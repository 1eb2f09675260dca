import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config/config.js';

/** Query parameters whose values never reach a log line. */
const sensitiveQueryParameters = /^(code|state|access_token|refresh_token|id_token|client_secret|password|token|code_verifier)$/i;

/** The URL with sensitive query values replaced, for request logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (sensitiveQueryParameters.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
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
      req: (request: { method: string; url: string; ip?: string; headers: Record<string, string | string[] | undefined> }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    },
  };
}

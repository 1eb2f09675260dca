import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { InvalidRequest } from '../errors/oauth-errors.js';

/*
 * Answers written before Fastify routes a request (a parser error, a body not received in time),
 * kept below the plugins so that http/request-deadline.ts can give them too: the errors plugin
 * (plugins/errors.ts) registers them and fills the route table they read.
 */

/** Each app's route paths (one app per errors plugin), for the answers written before routing. */
const routeTables = new WeakMap<FastifyInstance, RouteMethods>();

/** A new route table for `app`, the one answerClientError reads: the errors plugin fills it as routes are added. */
export function newRouteTable(app: FastifyInstance): RouteMethods {
  const routes = new RouteMethods();
  routeTables.set(app, routes);
  return routes;
}

/**
 * The methods each route path takes, to tell "no such endpoint" (404) from "not with this method"
 * (405) for a concrete path. Paths are matched as Fastify's router does: `:param` is one segment,
 * `*` the rest.
 */
export class RouteMethods {
  private readonly endpoints = new Map<string, { pattern: RegExp; methods: Set<string>; oauth: boolean }>();

  add(url: string, method: string | string[], oauth: boolean): void {
    let endpoint = this.endpoints.get(url);
    if (!endpoint) {
      const pattern = url
        .split(/(:[A-Za-z0-9_]+|\*)/)
        .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      endpoint = { pattern: new RegExp(`^${pattern}$`), methods: new Set(), oauth: false };
      this.endpoints.set(url, endpoint);
    }
    for (const name of Array.isArray(method) ? method : [method]) endpoint.methods.add(name);
    endpoint.oauth ||= oauth;
  }

  /** The methods of the route(s) whose path matches `path`, or undefined when none does. */
  of(path: string): { methods: Set<string>; oauth: boolean } | undefined {
    let found: { methods: Set<string>; oauth: boolean } | undefined;
    for (const endpoint of this.endpoints.values()) {
      if (!endpoint.pattern.test(path)) continue;
      found ??= { methods: new Set(), oauth: false };
      for (const name of endpoint.methods) found.methods.add(name);
      found.oauth ||= endpoint.oauth;
    }
    return found;
  }
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers over the size limit, a
 * request not sent in time, malformed HTTP): Fastify's default writes a body of its own. This
 * answers problem+json with a request id and the rate-limit headers of the client's address, as
 * every other answer. Bound to the Fastify instance (Fastify's clientErrorHandler option).
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // The request line, when the parser got that far: the OAuth endpoints answer RFC 6749 bodies.
  const path = Buffer.isBuffer(error.rawPacket) ? /^[A-Z]+ ([^ ?\r\n]+)/.exec(error.rawPacket.subarray(0, 2048).toString('latin1'))?.[1] : undefined;
  const oauth = path !== undefined && routeTables.get(this)?.of(path)?.oauth === true;
  const apiError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('headers_too_large', 'The request headers exceed the size this server accepts')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('request_timeout', 'The request was not received in time')
        : new ApiError('malformed_request', 'The request is not valid HTTP/1.1');
  const requestId = randomUUID();
  this.log.info({ code: apiError.code, parser_error: error.code, request_id: requestId }, 'client error before routing');
  const write = (rateLimitHeaders: Record<string, string>): void => {
    if (!socket.writable) return void socket.destroy();
    const body = JSON.stringify(oauth ? new InvalidRequest(apiError.message).toBody() : { ...apiError.toProblem(), request_id: requestId });
    const type: Record<string, string> = oauth
      ? { 'content-type': 'application/json', 'cache-control': 'no-store' }
      : { 'content-type': 'application/problem+json' };
    const headers: Record<string, string> = {
      ...rateLimitHeaders,
      ...type,
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': requestId,
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\n${head}\r\n${body}`);
  };
  const address = socket.remoteAddress ?? 'unknown';
  withRateLimitHeaders(this, address, write);
}

/**
 * An answer written outside the route's hooks (before routing, while closing), with the rate-limit
 * headers of the client's address when the rate-limits plugin can tell them, else without.
 */
export function withRateLimitHeaders(server: FastifyInstance, address: string, answer: (headers: Record<string, string>) => void): void {
  Promise.resolve(server.rateLimitHeadersForAddress?.(address) ?? {}).then(answer, () => answer({}));
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { paginationLinks, paginationStyleOf, type PagePosition } from './listing.js';

/** The list's place as its body tells it, when the body is the list the route documents. */
function positionOf(request: FastifyRequest, payload: unknown): PagePosition | undefined {
  const answer = request.routeOptions.config?.docs?.responses[200];
  const style = paginationStyleOf(answer && '$ref' in answer ? answer.$ref : undefined);
  if (!style || !payload || typeof payload !== 'object') return undefined;
  if (style === 'page') {
    const pagination = (payload as { pagination?: { page?: unknown; pages?: unknown } }).pagination;
    if (typeof pagination?.page !== 'number' || typeof pagination.pages !== 'number') return undefined;
    return { style, page: pagination.page, pages: pagination.pages };
  }
  const nextCursor = (payload as { next_cursor?: unknown }).next_cursor;
  return typeof nextCursor === 'string' || nextCursor === null ? { style, nextCursor } : undefined;
}

/**
 * The request's target on the public origin. The path and query are set as parts, never resolved
 * as a reference, so no request line (`//elsewhere/...`, an absolute form) can move the origin.
 */
function publicTarget(publicUrl: string, requestUrl: string): URL {
  const target = new URL(publicUrl);
  const queryAt = requestUrl.indexOf('?');
  target.pathname = queryAt === -1 ? requestUrl : requestUrl.slice(0, queryAt);
  target.search = queryAt === -1 ? '' : requestUrl.slice(queryAt);
  return target;
}

/**
 * RFC 8288 Link headers (first, prev, next, last) on every paginated list, beside the body's
 * envelope, in one place: a list is a GET whose documented 200 answer is a list schema
 * (http/listing.ts paginationStyleOf), so the OpenAPI document declares the header from the same
 * rule. Links are absolute, on the public URL (config publicUrl), and keep the request's query.
 */
export const paginationLinksPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preSerialization', (request, reply, payload, done) => {
      if (reply.statusCode === 200 && (request.method === 'GET' || request.method === 'HEAD')) {
        const position = positionOf(request, payload);
        if (position) void reply.header('link', paginationLinks(publicTarget(app.config.publicUrl, request.url), position));
      }
      done(null, payload);
    });
  },
  { name: 'pagination-links', dependencies: ['config'] },
);

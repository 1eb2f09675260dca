import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { noneMatchHits } from './preconditions.js';

/**
 * Representation metadata a 304 leaves out: RFC 9110 section 15.4.5 keeps only what guides caches
 * (ETag, Cache-Control, Vary, Content-Location, Date, Expires), and the answer has no content.
 */
const contentHeaders = ['content-type', 'content-length', 'content-disposition', 'content-encoding', 'content-language'];

/**
 * If-None-Match for every GET and HEAD at once (RFC 9110 section 13.1.2): an answer that would be
 * 200 with an ETag that the request's If-None-Match names (weak comparison, a list, or `*`) goes
 * out as 304 Not Modified instead, with its other headers and no content. The route's handler and
 * its checks (authentication, scopes) have run, so a 304 says no more than the 200 would have.
 */
export const conditionalGetPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch === undefined || reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return done(null, payload);
      const etag = reply.getHeader('etag');
      if (typeof etag !== 'string' || !noneMatchHits(ifNoneMatch, etag)) return done(null, payload);
      void reply.code(304);
      for (const header of contentHeaders) reply.removeHeader(header);
      // HEAD: Fastify's own last step drops the content and sets Content-Length to its size, which
      // a 304 may carry (RFC 9110 section 8.6: the length a 200 would have had).
      if (request.method === 'HEAD') return done(null, payload);
      // A streamed answer (an audit report) is not read: let go of what it holds.
      if (payload && typeof (payload as { destroy?: unknown }).destroy === 'function') (payload as { destroy(): void }).destroy();
      done(null, null);
    });
  },
  { name: 'conditional-get' },
);

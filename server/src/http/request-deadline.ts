import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { answerClientError } from './client-errors.js';

/**
 * A request must arrive whole within the request timeout (config requestTimeoutMs), its body too.
 * Node's own requestTimeout (which Fastify leaves off, and app.ts sets) stops watching a request
 * once its headers are in and the handler runs, so a client sending a body slowly, or not at all,
 * could hold a connection and the work waiting on it for ever: measured on Node 20, a stalled body
 * stayed open with requestTimeout set. Here each request with a body still coming gets a timer
 * from its arrival; if the body is not complete when it fires and nothing has been answered, the
 * client gets the 408 `request_timeout` that Node's timeout would give (http/client-errors.ts
 * answerClientError: problem+json, or RFC 6749 on the OAuth endpoints) and the connection closes.
 *
 * And an answer given before the body arrived (a 401 from the authentication hook) closes the
 * connection, so the rest of the body cannot keep it busy beyond the timeout's reach.
 */
export const requestDeadlinePlugin = fp(
  async (app: FastifyInstance, options: { timeoutMs: number }) => {
    app.addHook('onRequest', (request, reply, done) => {
      const raw = request.raw;
      if (raw.complete) return done();
      const timer = setTimeout(() => {
        if (raw.complete || reply.raw.headersSent || raw.socket.destroyed) return;
        const error = Object.assign(new Error('The request was not received in time'), {
          code: 'ERR_HTTP_REQUEST_TIMEOUT',
          // The request line, from which answerClientError tells an OAuth endpoint.
          rawPacket: Buffer.from(`${request.method} ${request.url} HTTP/1.1\r\n`, 'latin1'),
        });
        answerClientError.call(app, error, raw.socket);
      }, options.timeoutMs);
      timer.unref();
      // The socket outlives the request on a kept-alive connection: its listener goes with the answer.
      const clear = (): void => {
        clearTimeout(timer);
        reply.raw.removeListener('finish', clear);
        raw.socket.removeListener('close', clear);
      };
      reply.raw.once('finish', clear);
      raw.socket.once('close', clear);
      done();
    });
    app.addHook('onSend', async (request, reply) => {
      if (!request.raw.complete) reply.header('connection', 'close');
    });
  },
  { name: 'request-deadline' },
);

/**
 * The HTTP baseline: a bare Fastify 5 route that parses the same JSON body as /v1/decisions/evaluate and
 * answers a small object, with no authentication, validation, policies or database. What is left is
 * the cost of HTTP, JSON and Fastify on this machine, which the decision endpoint cannot go below.
 *
 *   node --import tsx bench/servers/bare.ts     # prints {"ready":true,"port":...} when listening
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { announceReady, stopOnRequest } from './child-protocol.js';

const app = Fastify({ logger: false });
app.post('/evaluate', async (request) => {
  const body = request.body as { action?: unknown };
  return { id: randomUUID(), decision: 'deny', action: body.action ?? null };
});

const port = await findFreePort();
await app.listen({ host: '127.0.0.1', port });
stopOnRequest(() => app.close());
announceReady({ port });

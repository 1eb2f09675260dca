import type { FastifyInstance } from 'fastify';
import { schemaRef } from '../../schemas/registry.js';
import { packageVersion } from '../meta/version.js';

/**
 * Liveness (`/health`: the process answers) and readiness (`/ready`: the database answers too),
 * the split Kubernetes probes expect: a replica whose database is away is taken out of the load
 * balancer but not restarted.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', {
    config: { auth: 'public', docs: { summary: 'Liveness: the process is up', tags: ['Meta'], responses: { 200: schemaRef('health') } } },
    handler: async () => ({ status: 'ok', version: packageVersion }),
  });

  app.get('/ready', {
    config: { auth: 'public', docs: { summary: 'Readiness: the database answers', tags: ['Meta'], responses: { 200: schemaRef('health'), 503: schemaRef('health') } } },
    handler: async (request, reply) => {
      const started = performance.now();
      try {
        await app.db.raw('SELECT 1').timeout(2000, { cancel: true });
        const latency = Math.round((performance.now() - started) * 100) / 100;
        return { status: 'ok', version: packageVersion, checks: { database: { status: 'ok', latency_ms: latency } } };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable', version: packageVersion, checks: { database: { status: 'unavailable', detail: 'the database did not answer' } } });
      }
    },
  });
}

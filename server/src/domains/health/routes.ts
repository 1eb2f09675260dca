import type { FastifyInstance } from 'fastify';
import { schemaRef } from '../../../../core/src/index.js';
import { packageVersion } from '../meta/index.js';

/**
 * Liveness (`/health`: the process answers) and readiness (`/ready`: the database answers too),
 * the split Kubernetes probes expect: a replica whose database is away is taken out of the load
 * balancer but not restarted.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', {
    config: {
      auth: 'public',
      docs: {
        summary: 'Liveness: the process is up',
        description:
          'Also the alarm of the audit log: `checks.audit_log` counts, since this process started, the audit events it could not record (`failed_events`: their write failed, each logged at error level with its type and request id) and those it dropped because too many waited (`dropped_events`). Both stay 0 on a healthy server; alert on any increase. The process stays live either way.',
        tags: ['Meta'],
        responses: { 200: schemaRef('health') },
      },
    },
    handler: async () => {
      const { failed, dropped } = app.auditLog.failures;
      return { status: 'ok', version: packageVersion, checks: { audit_log: { status: 'ok', failed_events: failed, dropped_events: dropped } } };
    },
  });

  app.get('/ready', {
    config: {
      auth: 'public',
      docs: { summary: 'Readiness: the database answers', tags: ['Meta'], responses: { 200: schemaRef('health'), 503: schemaRef('health') } },
    },
    handler: async (request, reply) => {
      const started = performance.now();
      try {
        await app.db.raw('SELECT 1').timeout(2000, { cancel: true });
        const latency = Math.round((performance.now() - started) * 100) / 100;
        return { status: 'ok', version: packageVersion, checks: { database: { status: 'ok', latency_ms: latency } } };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply
          .code(503)
          .send({ status: 'unavailable', version: packageVersion, checks: { database: { status: 'unavailable', detail: 'the database did not answer' } } });
      }
    },
  });
}

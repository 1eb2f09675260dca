import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AggregatorRegistry, Registry } from 'prom-client';
import { AppMetrics, type Limiter, type PoolCounts } from './app-metrics.js';
import { listenForScrapes, type MetricsListener } from './listener.js';
import { processMetrics } from './process-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics: the domains and plugins report through it (docs/metrics.md). */
    metrics: AppMetrics;
    /**
     * Opens the metrics listener on config.metricsHost and metricsPort (server.ts calls it after
     * listen(); buildApp never listens): answers its port, or undefined when metricsPort is 0 or
     * this is a worker of a cluster, whose primary serves the workers' metrics together. Closed
     * with the app.
     */
    listenForMetrics(): Promise<number | undefined>;
  }
  interface FastifyRequest {
    /** The limiter that refused this request with 429, when it was the per-client rate limit (plugins/rate-limits). */
    refusedBy: Limiter | null;
  }
}

/**
 * The app's metrics: a Registry of its own (AppMetrics), the HTTP requests counted as they are
 * answered, the database pool read at each scrape. Registered after the db plugin and before the
 * plugins and domains that report to it.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { clusterWorker?: boolean }) => {
    const metrics = new AppMetrics();
    app.decorate('metrics', metrics);
    app.decorateRequest('refusedBy', null);
    const { db, config } = app;
    metrics.watchPool(() => (db.client as { pool?: PoolCounts }).pool, config.dbPoolMax);

    // Every answer that went through routing: one observation and, for a 429, one count. Each route
    // gets its own hook with its pattern bound at registration, since request.routeOptions makes
    // an object at each read; requests no route matched are counted by the app's hook.
    const observer =
      (route: string): onResponseHookHandler =>
      (request, reply, done) => {
        const status = reply.statusCode;
        metrics.observeRequest(request.method, route, status, reply.elapsedTime / 1000);
        if (status === 429) metrics.refused(request.refusedBy ?? 'credentials');
        done();
      };
    // Methods some route takes: an unmatched request with another (PROPFIND, MKCOL: Node parses
    // some 30) is counted as `other`, so anonymous traffic adds a handful of series, not one per
    // method and status (client_golang's promhttp labels non-standard methods `unknown` the same way).
    const routedMethods = new Set<string>();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routedMethods.add(method);
      const observe = observer(route.url);
      route.onResponse = route.onResponse === undefined ? observe : [route.onResponse, observe].flat();
    });
    app.addHook('onResponse', function (request, reply, done) {
      if (!request.is404) return done();
      const status = reply.statusCode;
      metrics.observeRequest(routedMethods.has(request.method) ? request.method : 'other', 'unmatched', status, reply.elapsedTime / 1000);
      if (status === 429) metrics.refused(request.refusedBy ?? 'credentials');
      done();
    });

    if (options.clusterWorker && config.metricsPort !== 0) {
      // The primary serves the port and asks each worker for its metrics over the cluster's IPC
      // channel (prom-client's AggregatorRegistry): this worker answers with its app's and its process's.
      AggregatorRegistry.setRegistries([metrics.registry, processMetrics()]);
      new AggregatorRegistry();
    }

    let listener: MetricsListener | undefined;
    app.decorate('listenForMetrics', async () => {
      if (config.metricsPort === 0 || options.clusterWorker) return undefined;
      if (listener === undefined) {
        const registry = Registry.merge([metrics.registry, processMetrics()]);
        const scrape = async (): Promise<{ contentType: string; text: string }> => ({ contentType: registry.contentType, text: await registry.metrics() });
        listener = await listenForScrapes(scrape, config.metricsHost, config.metricsPort, app.log);
      }
      return listener.port;
    });
    app.addHook('onClose', async () => listener?.close());
  },
  { name: 'metrics', dependencies: ['db'] },
);

import type { FastifyInstance } from 'fastify';

/**
 * How many requests the app has answered for a route pattern (`/v1/policies/:id`) and method, from its
 * own request histogram (acctl_http_request_duration_seconds): how a test sees that a command asks
 * the server once, through the real HTTP path, without a proxy.
 */
export async function requestCount(app: FastifyInstance, method: string, route: string): Promise<number> {
  const metric = app.metrics.registry.getSingleMetric('acctl_http_request_duration_seconds');
  if (!metric) throw new Error('the app has no request histogram');
  const { values } = await metric.get();
  return values
    .filter(
      (value) =>
        (value as { metricName?: string }).metricName === 'acctl_http_request_duration_seconds_count' &&
        value.labels.method === method &&
        value.labels.route === route,
    )
    .reduce((sum, value) => sum + value.value, 0);
}

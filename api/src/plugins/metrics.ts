import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { AppMetrics } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus metrics (lib/metrics.ts), served at GET /api/metrics. */
    metrics: AppMetrics;
  }
}

/**
 * Decorates `app.metrics` and times every answer by its route pattern (never the raw URL: ids
 * and search words would make a series per request). Process-level collectors only where the
 * endpoint is served (METRICS_TOKEN set).
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const metrics = new AppMetrics();
    app.decorate('metrics', metrics);
    if (config.metricsToken) metrics.collectProcessMetrics();
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'metrics' },
);

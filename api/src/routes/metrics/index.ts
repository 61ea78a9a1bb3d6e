import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { httpError } from '../../lib/http-error';
import { sameSecret } from '../../lib/tokens';
import { metricsSchema } from './schemas';

/**
 * GET /api/metrics: Prometheus' text format, for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer …`). Unset, the endpoint does not exist (404): metrics tell a lot about
 * the newsroom's traffic and are never public.
 */
const metricsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/metrics', { schema: metricsSchema, config: { public: true } }, async (request, reply) => {
    const token = app.config.metricsToken;
    if (!token) return reply.callNotFound();
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(given, token)) throw httpError(401, 'metrics_token_invalid', undefined, { headers: { 'www-authenticate': 'Bearer' } });
    const text = await app.metrics.registry.metrics();
    return reply.type(app.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
};

export default metricsRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { pingDatabase } from '../../db/database';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { healthSchema, livenessSchema, readinessSchema } from './schemas';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const databaseAnswers = async (log: FastifyBaseLogger, check: string) => {
    try {
      await pingDatabase(app.db);
    } catch (error) {
      log.error({ err: error }, `${check}: the database does not answer`);
      throw httpError(503, 'database_unavailable');
    }
  };

  app.get('/api/health', { schema: healthSchema, config: { public: true } }, async (request) => {
    await databaseAnswers(request.log, 'Health check');
    return ok({ status: 'ok' as const, database: app.dbKind });
  });

  app.get('/api/health/live', { schema: livenessSchema, config: { public: true } }, async () => ok({ status: 'ok' as const }));

  app.get('/api/health/ready', { schema: readinessSchema, config: { public: true } }, async (request) => {
    if (app.lifecycle.draining) throw httpError(503, 'shutting_down', undefined, { headers: { 'retry-after': '5' } });
    await databaseAnswers(request.log, 'Readiness');
    return ok({ status: 'ok' as const, database: app.dbKind });
  });
};

export default healthRoutes;

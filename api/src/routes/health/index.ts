import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pingDatabase } from '../../db/database';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { healthSchema } from './schemas';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/health', { schema: healthSchema, config: { public: true } }, async (request) => {
    try {
      await pingDatabase(app.db);
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database does not answer');
      throw httpError(503, 'database_unavailable');
    }
    return ok({ status: 'ok' as const, database: app.dbKind });
  });
};

export default healthRoutes;

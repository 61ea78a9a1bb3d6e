import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { articleBulkService } from '../../services/article-bulk';
import { bulkArticlesSchema } from './schemas';

const articleBulkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const bulk = articleBulkService(app.db);

  app.post('/api/portal/articles/bulk', { schema: bulkArticlesSchema }, async (request) => {
    if (!request.user) throw httpError(401, 'unauthorized');
    const actor = { id: request.user.id, rights: request.user.rights, grants: request.user.grants };
    const { ids, action } = request.body;
    const result = await bulk.run(actor, ids, action);
    const message = `${result.done} done, ${result.unchanged} unchanged, ${result.refused} refused`;
    request.log.info({ action, ids, userId: actor.id, done: result.done, refused: result.refused }, `Bulk ${action}: ${message}`);
    return ok(result, message);
  });
};

export default articleBulkRoutes;

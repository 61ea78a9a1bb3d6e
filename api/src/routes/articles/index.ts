import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { okList } from '../../lib/envelope';
import { HttpError } from '../../lib/http-error';
import { hasRight } from '../../plugins/permissions';
import { articlesRepository } from '../../repositories/articles';
import { listArticlesSchema } from './schemas';

const articlesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/portal/articles', { schema: listArticlesSchema }, async (request) => {
    if (!request.user) throw new HttpError(401, 'Please sign in');
    const { limit = 5, limitStart = 0, sort = 'id', sortDir = 'DESC' } = request.query;
    const { items, total } = await articlesRepository.list(app.db, {
      limit,
      offset: limitStart,
      sort,
      sortDir,
      createdBy: hasRight(request, 'view_all_articles') ? undefined : request.user.id,
    });
    return okList(items, total);
  });
};

export default articlesRoutes;

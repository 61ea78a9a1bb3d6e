import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { okList } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { requireRight } from '../../plugins/permissions';
import { listActivity, listArticleActivity } from '../../services/activity';
import { articleActivitySchema, listActivitySchema } from './schemas';

const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v2/activity', { schema: listActivitySchema, preHandler: requireRight('view_activity') }, async (request) => {
    const { items, total } = await listActivity(app.db, request.query);
    return okList(items, total);
  });

  app.get('/api/portal/article/:id/activity', { schema: articleActivitySchema }, async (request) => {
    if (!request.user) throw httpError(401, 'unauthorized');
    const { items, total } = await listArticleActivity(app.db, request.user, request.params.id, request.query);
    return okList(items, total);
  });
};

export default activityRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Actor } from 'contracts/rules/article-state';
import { ok, okList } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { ArticleEditorService } from '../../services/article-editor';
import { articleRevisionsService } from '../../services/article-revisions';
import { getRevisionSchema, listRevisionsSchema, restoreRevisionSchema } from './schemas';

function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw httpError(401, 'unauthorized');
  return { id: request.user.id, rights: request.user.rights, grants: request.user.grants };
}

const articleRevisionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const editor = new ArticleEditorService(app.db, { lockMinutes: app.config.articleLockMinutes, revisionsKeep: app.config.revisionsKeep });
  const revisions = articleRevisionsService(app.db, { editor });

  app.get('/api/portal/article/:id/revisions', { schema: listRevisionsSchema }, async (request) => {
    const { limit = 20, limitStart = 0 } = request.query;
    const { items, total } = await revisions.list(actorOf(request), request.params.id, { limit, offset: limitStart });
    return okList(items, total);
  });

  app.get('/api/portal/article/:id/revisions/:rev', { schema: getRevisionSchema }, async (request) => {
    return ok(await revisions.one(actorOf(request), request.params.id, request.params.rev));
  });

  app.post('/api/portal/article/:id/revisions/:rev/restore', { schema: restoreRevisionSchema }, async (request) => {
    const actor = actorOf(request);
    const { id, rev } = request.params;
    const restored = await revisions.restore(actor, id, rev, request.body.version, new Date());
    request.log.info({ articleId: id, revision: rev, newRevision: restored.revision, userId: actor.id }, 'Article revision restored');
    return ok(restored, `Revision ${rev} restored`);
  });
};

export default articleRevisionsRoutes;

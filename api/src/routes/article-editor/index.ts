import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { decoded, httpError } from '../../lib/http-error';
import { requireRight } from '../../plugins/permissions';
import { decodeArticleForm, type ArticleForm } from 'contracts/schemas/article-form';
import { formId, scalar } from 'contracts/schemas/form-fields';
import { ArticleEditorService, type EditorActor } from '../../services/article-editor';
import { renderPreview } from './preview';
import { getArticleSchema, releaseLockSchema, renewLockSchema, saveArticleSchema, takeLockSchema } from './schemas';

export const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

export const EDIT_MESSAGES = {
  saved: 'Article saved',
  duplicated: 'Article duplicated as a new draft',
} as const;

function actorOf(request: FastifyRequest): EditorActor {
  if (!request.user) throw httpError(401, 'unauthorized');
  return { id: request.user.id, name: request.user.name, rights: request.user.rights, grants: request.user.grants };
}

const articleEditorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const editor = new ArticleEditorService(app.db, { lockMinutes: app.config.articleLockMinutes, revisionsKeep: app.config.revisionsKeep });

  app.get('/api/portal/article', { schema: getArticleSchema }, async (request) => {
    const actor = actorOf(request);
    const id = decoded(() => formId(scalar(request.query.id, 'id'), 'id', { allowZero: true }));
    const { article, lock, outsideScope, allowedCategoryIds } = await editor.open(actor, id, new Date());
    return ok({
      article,
      topics: article.topics,
      html: id === 0 ? '' : renderPreview(article),
      lock,
      outside_scope: outsideScope,
      ...(allowedCategoryIds === undefined ? {} : { allowed_category_ids: allowedCategoryIds }),
    });
  });

  // Up to 500,000 characters of text, percent-encoded (UTF-8 letters take 6 bytes each): above the 1 MiB default.
  app.post('/api/portal/article', { schema: saveArticleSchema, bodyLimit: SAVE_BODY_LIMIT }, async (request) => {
    const actor = actorOf(request);
    const form: ArticleForm = decoded(() => decodeArticleForm(request.body));
    const result = await editor.save(actor, form, new Date());
    request.log.info({ articleId: result.id, from: form.id, copy: form.copy, userId: actor.id }, 'Article saved');
    return ok({ id: result.id, version: result.version }, form.copy ? EDIT_MESSAGES.duplicated : EDIT_MESSAGES.saved);
  });

  app.post('/api/portal/lock/:id/renew', { schema: renewLockSchema }, async (request) => {
    return ok(await editor.renewLock(actorOf(request), request.params.id, new Date()), 'Lock renewed');
  });

  app.post('/api/portal/lock/:id/take', { schema: takeLockSchema, preHandler: requireRight('edit_all_articles') }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    const { lock, previous } = await editor.takeLock(actor, id, new Date());
    request.log.info({ articleId: id, userId: actor.id, from: previous.held_by?.id ?? null }, 'Article lock taken over');
    const message = previous.held_by && !previous.mine ? `Lock taken over from ${previous.held_by.name}` : 'Lock taken';
    return ok(lock, message);
  });

  app.post('/api/portal/lock/:id/release', { schema: releaseLockSchema }, async (request) => {
    const { lock, released } = await editor.releaseLock(actorOf(request), request.params.id, request.query.expires, new Date());
    if (released) return ok(lock, 'Lock released');
    return ok(lock, lock.mine ? 'Lock kept: renewed since by another open editor of yours' : 'You did not hold the lock');
  });
};

export default articleEditorRoutes;

/**
 * Working copies (the editor's autosave on the server): read, write and discard the caller's own
 * unsaved form of an article they may edit, where it lies (scoped roles). The article, its version
 * and its edit lock are not touched. Old copies are pruned by the scheduler (pruneWorkingCopies).
 */
import type { Db } from '../db/schema';
import { httpError } from '../lib/http-error';
import { mayEdit, type Actor } from 'contracts/rules/article-state';
import { WORKING_COPY_MAX_CHARS } from 'contracts/rules/working-copy';
import type { WorkingCopy, WorkingCopyBody } from 'contracts/schemas/working-copy';
import { articlesRepository } from '../repositories/articles';
import { workingCopiesRepository } from '../repositories/working-copies';
import { actorOnArticle, outsideScope } from './article-scope';

/** 404 when the article does not exist, 403 when the caller may not edit it (article_outside_scope: not where it lies). */
async function checkEditable(db: Db, actor: Actor, articleId: number): Promise<void> {
  const article = await articlesRepository.find(db, articleId);
  if (!article) throw httpError(404, 'article_not_found', { id: articleId });
  if (mayEdit(article, await actorOnArticle(db, actor, articleId))) return;
  throw mayEdit(article, actor) ? outsideScope() : httpError(403, 'article_not_yours');
}

export function workingCopiesService(db: Db) {
  return {
    async get(actor: Actor, articleId: number): Promise<WorkingCopy | null> {
      await checkEditable(db, actor, articleId);
      const row = await workingCopiesRepository.find(db, articleId, actor.id);
      if (!row) return null;
      return { article_id: row.articleId, base_version: row.baseVersion, fields: row.fields, saved_at: row.savedAt.toISOString() };
    },

    async put(actor: Actor, articleId: number, body: WorkingCopyBody, now: Date): Promise<{ saved_at: string }> {
      const fieldsJson = JSON.stringify(body.fields);
      if (fieldsJson.length > WORKING_COPY_MAX_CHARS) {
        throw httpError(400, 'working_copy_too_large', { limit: WORKING_COPY_MAX_CHARS }, { field: 'fields' });
      }
      await checkEditable(db, actor, articleId);
      await workingCopiesRepository.put(db, { articleId, userId: actor.id, baseVersion: body.base_version, fieldsJson, now });
      return { saved_at: now.toISOString() };
    },

    async discard(actor: Actor, articleId: number): Promise<{ discarded: boolean }> {
      await checkEditable(db, actor, articleId);
      return { discarded: await workingCopiesRepository.remove(db, articleId, actor.id) };
    },
  };
}

/** Deletes the working copies not written for `retentionDays` days. */
export function pruneWorkingCopies(db: Db, retentionDays: number, now: Date): Promise<number> {
  return workingCopiesRepository.prune(db, new Date(now.getTime() - retentionDays * 86_400_000));
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import type { ApiErrorCode } from '../../lib/api-errors';
import { type ArticleFlags, type ArticlePath, refusedFlag } from '../../domain/article-flags';
import { httpError, httpErrorOf, type HttpError } from '../../lib/http-error';
import { requireRight } from '../../plugins/permissions';
import { articleEditRepository, newArticle } from '../../repositories/article-edit';
import { articleLocksRepository, FREE_LOCK, isLive, lastHeldOf, lockInfo, type LockInfo } from '../../repositories/article-locks';
import { articlesRepository } from '../../repositories/articles';
import { locations } from '../../services/locations';
import { sanitizeRichText } from '../../services/sanitize-html';
import { hasRight, mayEdit, maySee, type Actor } from '../../domain/article-state';
import { FormError, parseArticleForm, parseId, type ArticleForm } from '../../domain/article-form';
import { renderPreview } from './preview';
import { getArticleSchema, releaseLockSchema, renewLockSchema, saveArticleSchema, takeLockSchema } from './schemas';

export const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

export const EDIT_MESSAGES = {
  saved: 'Article saved',
  duplicated: 'Article duplicated as a new draft',
} as const;

function actorOf(request: FastifyRequest): Actor & { name: string } {
  if (!request.user) throw httpError(401, 'unauthorized');
  return { id: request.user.id, name: request.user.name, rights: request.user.rights };
}

/** "2026-11-22 14:05 UTC": how times read in messages. */
export function messageTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function lockedError(name: string, since: Date): HttpError {
  return httpError(423, 'article_locked', { name, since: messageTime(since) });
}

export function conflictError(name: string | null, at: Date): HttpError {
  return name === null
    ? httpError(409, 'article_changed_by_someone', { at: messageTime(at) })
    : httpError(409, 'article_changed', { name, at: messageTime(at) });
}

/**
 * The flags a user may not set (featured, access, newsletter) against what the result may hold:
 * a new article's values on create and copy (never the copied article's), the stored ones on save.
 */
function checkFlagRights(form: ArticleForm, path: ArticlePath, stored: ArticleFlags | null, actor: Actor): void {
  const refusal = refusedFlag(path, { access: form.access, featured: form.featured, newsletter: form.newsletter }, stored, actor.rights);
  if (refusal) throw httpError(403, refusal.code, { allowed: refusal.allowed }, { field: refusal.flag });
}

const articleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lockMinutes = app.config.articleLockMinutes;

  app.get('/api/portal/article', { schema: getArticleSchema }, async (request) => {
    const actor = actorOf(request);
    let id: number;
    try {
      id = parseId(request.query.id ?? '', 'id', { allowZero: true });
    } catch (error) {
      throw error instanceof FormError ? httpErrorOf(400, error) : error;
    }
    const now = new Date();
    if (id === 0) {
      if (!hasRight(actor, 'create_article')) throw httpError(403, 'no_right', { right: 'create_article' });
      return ok({ article: newArticle(actor.id, actor.name, now), topics: [], html: '', lock: { ...FREE_LOCK, mine: true } });
    }
    const article = await articleEditRepository.load(app.db, id);
    if (!article) throw httpError(404, 'article_not_found', { id });
    const facts = { createdBy: article.created_by };
    if (!maySee(facts, actor)) throw httpError(403, 'article_not_visible');
    if (mayEdit(facts, actor)) await articleLocksRepository.hold(app.db, id, actor.id, now, lockMinutes);
    const lock = lockInfo(await articleLocksRepository.find(app.db, id), actor.id, now, lockMinutes);
    return ok({ article, topics: article.topics, html: renderPreview(article), lock });
  });

  // Up to 500,000 characters of text, percent-encoded (UTF-8 letters take 6 bytes each): above the 1 MiB default.
  app.post('/api/portal/article', { schema: saveArticleSchema, bodyLimit: SAVE_BODY_LIMIT }, async (request) => {
    const actor = actorOf(request);
    let form: ArticleForm;
    try {
      form = parseArticleForm(request.body);
    } catch (error) {
      if (error instanceof FormError) throw httpErrorOf(400, error);
      throw error;
    }
    const creating = form.id === 0 || form.copy;
    if (creating && !hasRight(actor, 'create_article')) throw httpError(403, 'no_right', { right: 'create_article' });
    const now = new Date();

    const result = await app.db.transaction().execute(async (trx) => {
      let stored: ArticleFlags | null = null;
      if (form.id !== 0) {
        const article = await articlesRepository.find(trx, form.id, { lock: !form.copy });
        if (!article) throw httpError(404, 'article_not_found', { id: form.id });
        stored = article;
        if (form.copy) {
          if (!maySee(article, actor)) throw httpError(403, 'article_not_visible');
        } else {
          if (!mayEdit(article, actor)) throw httpError(403, 'article_not_yours');
          const lock = await articleLocksRepository.find(trx, form.id);
          if (isLive(lock, now, lockMinutes) && lock.userId !== actor.id) throw lockedError(lock.name, lock.since);
          if (article.version !== form.version) {
            const changed = await trx
              .selectFrom('articles as a')
              .leftJoin('users as u', 'u.id', 'a.modified_by')
              .select(['u.name', 'a.modified'])
              .where('a.id', '=', form.id)
              .executeTakeFirstOrThrow();
            throw conflictError(changed.name, new Date(changed.modified));
          }
        }
      }
      checkFlagRights(form, form.copy ? 'copy' : creating ? 'create' : 'save', stored, actor);
      await checkReferences(trx, form);
      const saved = await articleEditRepository.save(
        trx,
        { form, text: sanitizeRichText(form.text), introtext: sanitizeRichText(form.introtext), userId: actor.id, now },
        creating ? undefined : form.id,
      );
      // The saver keeps editing (or closes and releases): the lock is theirs either way.
      await articleLocksRepository.hold(trx, saved.id, actor.id, now, lockMinutes, true);
      return saved;
    });
    request.log.info({ articleId: result.id, from: form.id, copy: form.copy, userId: actor.id }, 'Article saved');
    return ok(result, form.copy ? EDIT_MESSAGES.duplicated : EDIT_MESSAGES.saved);
  });

  /** The article (404) and whether the caller may edit it. */
  async function lockTarget(id: number, actor: Actor): Promise<{ owner: boolean }> {
    const article = await articlesRepository.find(app.db, id);
    if (!article) throw httpError(404, 'article_not_found', { id });
    return { owner: mayEdit(article, actor) };
  }

  async function currentLock(id: number, actor: Actor, now: Date): Promise<LockInfo> {
    return lockInfo(await articleLocksRepository.find(app.db, id), actor.id, now, lockMinutes);
  }

  app.post('/api/portal/lock/:id/renew', { schema: renewLockSchema }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    const { owner } = await lockTarget(id, actor);
    if (!owner) throw httpError(403, 'article_not_yours');
    const now = new Date();
    const held = await articleLocksRepository.hold(app.db, id, actor.id, now, lockMinutes);
    const lock = await currentLock(id, actor, now);
    if (!held && lock.held_by) throw lockedError(lock.held_by.name, new Date(lock.since as string));
    return ok(lock, 'Lock renewed');
  });

  app.post('/api/portal/lock/:id/take', { schema: takeLockSchema, preHandler: requireRight('edit_all_articles') }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    await lockTarget(id, actor);
    const now = new Date();
    const previous = await currentLock(id, actor, now);
    await articleLocksRepository.hold(app.db, id, actor.id, now, lockMinutes, true);
    request.log.info({ articleId: id, userId: actor.id, from: previous.held_by?.id ?? null }, 'Article lock taken over');
    const message = previous.held_by && !previous.mine ? `Lock taken over from ${previous.held_by.name}` : 'Lock taken';
    return ok(await currentLock(id, actor, now), message);
  });

  app.post('/api/portal/lock/:id/release', { schema: releaseLockSchema }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    await lockTarget(id, actor);
    const { expires } = request.query;
    const lastHeld = expires === undefined ? undefined : lastHeldOf(expires, lockMinutes);
    if (lastHeld === null) throw httpError(400, 'field_date_time', { field: 'expires' }, { field: 'expires' });
    const released = await articleLocksRepository.release(app.db, id, actor.id, lastHeld);
    const lock = await currentLock(id, actor, new Date());
    if (released) return ok(lock, 'Lock released');
    return ok(lock, lock.mine ? 'Lock kept: renewed since by another open editor of yours' : 'You did not hold the lock');
  });
};

/** Every id the form refers to must exist; the location must be a known country and one of its states. */
async function checkReferences(trx: Parameters<typeof articleEditRepository.missing>[0], form: ArticleForm): Promise<void> {
  const checks: Array<[Parameters<typeof articleEditRepository.missing>[1], readonly number[], ApiErrorCode]> = [
    ['categories', form.topics, 'unknown_category_ids'],
    ['images', form.images.map((image) => image.id), 'unknown_image_ids'],
    ['authors', form.authors, 'unknown_author_ids'],
    ['tags', form.tags, 'unknown_tag_ids'],
    ['ads', form.ads, 'unknown_ad_ids'],
    ['videos', form.videos, 'unknown_video_ids'],
  ];
  if (form.catid !== null) checks.unshift(['categories', [form.catid], 'unknown_category_ids']);
  for (const [table, ids, what] of checks) {
    const missing = await articleEditRepository.missing(trx, table, ids);
    if (missing.length) throw httpError(400, what, { ids: missing.join(', ') });
  }
  if (form.location) {
    const country = locations.country(form.location.country_code);
    if (!country) throw httpError(400, 'unknown_country', { code: form.location.country_code }, { field: 'location.country_code' });
    if (form.location.state_id !== null) {
      const state = locations.state(form.location.state_id);
      if (!state || state.country_code !== country.country_code) {
        throw httpError(400, 'state_not_of_country', { id: form.location.state_id, country: country.country_name, code: country.country_code }, { field: 'location.state_id' });
      }
    }
  }
}

export default articleRoutes;

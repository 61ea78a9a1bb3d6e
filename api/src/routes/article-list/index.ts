import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ArticleListCache } from '../../lib/article-list-cache';
import { ok, okList } from '../../lib/envelope';
import { decoded, httpError } from '../../lib/http-error';
import type { PlanningFilter } from 'contracts/rules/planning';
import { cleanText, decodeRequest } from 'contracts/schemas/form-fields';
import { ArticleListQuerySchema, type ArticleListRequest } from 'contracts/schemas/articles';
import { hasRight, requireRight } from '../../plugins/permissions';
import { articlesRepository, type ArticleRecord } from '../../repositories/articles';
import { articlesSubmittersRepository } from '../../repositories/articles-submitters';
import { articleListGeneration } from '../../repositories/article-list-generation';
import { DEFAULT_LIST_ORDER, TITLE_SEARCH_MAX_WORDS } from 'contracts/rules/constants';
import { STATE, type Actor, type UpdateField } from 'contracts/rules/article-state';
import { ArticleChangesService } from '../../services/article-changes';
import { ArticleListService } from '../../services/article-list';
import { scopedActor } from '../../services/article-scope';
import {
  deleteArticleSchema,
  listArticlesSchema,
  onlineSubmittersSchema,
  restoreArticleSchema,
  scheduleArticleSchema,
  searchArticlesSchema,
  searchTitlesSchema,
  submitArticleSchema,
  updateArticleSchema,
} from './schemas';

/** A session used within this window counts as signed in now ("Logged In submitters"). */
export const ONLINE_WINDOW_MINUTES = 15;
/** The trigram index needs 3 characters; shorter words are only checked alongside a longer one. */
export const TITLE_SEARCH_MIN_WORD = 3;

function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw httpError(401, 'unauthorized');
  return { id: request.user.id, rights: request.user.rights, grants: request.user.grants };
}

/** Free text as PostgreSQL takes it: trimmed, without NUL characters (which text values cannot hold). */
const clean = cleanText;

/** A list envelope with the additive `total_is_estimate` (the list and the searches may estimate their totals). */
function estimatedList<T>(items: T[], total: number, totalIsEstimate: boolean) {
  return { ...okList(items, total), total_is_estimate: totalIsEstimate };
}

/** The decoded list query with the page and order it leaves out set to the defaults. */
function withListDefaults(
  query: Omit<ArticleListRequest, 'limit' | 'limitStart' | 'sort' | 'sortDir'> & Partial<ArticleListRequest>,
): ArticleListRequest {
  return {
    ...query,
    limit: query.limit ?? DEFAULT_LIST_ORDER.limit,
    limitStart: query.limitStart ?? 0,
    sort: query.sort ?? DEFAULT_LIST_ORDER.sort,
    sortDir: query.sortDir ?? DEFAULT_LIST_ORDER.sortDir,
  };
}

/** The list cache's key: the normalised query and the caller's scope (all articles, or this user's own). */
function listCacheKey(actor: Actor, viewAll: boolean, query: ArticleListRequest, planning: PlanningFilter | undefined): string {
  const scoped = scopedActor(actor);
  const { category, user, status, featured, search, author, limit, limitStart, sort, sortDir } = query;
  return JSON.stringify([
    viewAll ? 'all' : actor.id,
    scoped ? actor.grants : null,
    scoped && user === actor.id ? actor.id : null,
    category,
    user,
    status,
    featured,
    search,
    author,
    planning ?? null,
    limit,
    limitStart,
    sort,
    sortDir,
  ]);
}

function change(record: ArticleRecord) {
  const { createdBy: _createdBy, trashedFrom: _trashedFrom, ...rest } = record;
  return rest;
}

function updateMessage(field: UpdateField, to: number): string {
  if (field === 'state') {
    if (to === STATE.PUBLISHED) return 'Article approved';
    if (to === STATE.UNPUBLISHED) return 'Article unpublished';
    if (to === STATE.AWAITING_APPROVAL) return 'Article submitted';
    return 'Article moved to the trash';
  }
  if (field === 'access') return to === 1 ? 'Access set to Public' : 'Access set to Registered';
  if (field === 'featured') return to === 1 ? 'Article featured' : 'Article no longer featured';
  return to === 1 ? 'Article added to the newsletter' : 'Article removed from the newsletter';
}

const articleListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const listCache = new ArticleListCache({ ttlMs: app.config.listCacheMs, generation: () => articleListGeneration(app.db) });
  const changes = new ArticleChangesService(app.db, { revisionsKeep: app.config.revisionsKeep });
  app.addHook('onClose', () => listCache.close());

  const lists = new ArticleListService(app.db);

  app.get('/api/portal/articles', { schema: listArticlesSchema }, async (request, reply) => {
    const actor = actorOf(request);
    const query = withListDefaults(decoded(() => decodeRequest(ArticleListQuerySchema, request.query, 'query')));
    const viewAll = hasRight(request, 'view_all_articles');
    lists.checkFilters(viewAll, query);
    const planning = await lists.planningFilter(actor, query);
    const compute = async () => {
      const { rows, total, totalIsEstimate, trashTotal } = await lists.page(actor, viewAll, query, planning);
      return { ...estimatedList(rows, total, totalIsEstimate), trash_total: trashTotal };
    };
    if (!listCache.active) return compute();
    const body = await listCache.get(listCacheKey(actor, viewAll, query, planning), async () =>
      Buffer.from(reply.serialize(await compute()) as string),
    );
    // Already serialised by this route's schema serializer (as UTF-8 bytes): sent as it is.
    return reply.type('application/json; charset=utf-8').send(body as never);
  });

  app.get('/api/portal/articles/search', { schema: searchArticlesSchema }, async (request) => {
    const { term = '' } = request.query;
    const text = clean(term);
    if (!text) return estimatedList([], 0, false);
    const { items, total, totalIsEstimate } = await articlesRepository.search(
      app.db,
      text,
      await lists.searchOptions(actorOf(request), hasRight(request, 'view_all_articles'), request.query),
    );
    return estimatedList(items, total, totalIsEstimate);
  });

  app.get('/api/portal/articles/search-title', { schema: searchTitlesSchema }, async (request) => {
    const { term = '' } = request.query;
    const words = clean(term).split(/\s+/).filter(Boolean);
    if (words.length === 0) return estimatedList([], 0, false);
    if (words.length > TITLE_SEARCH_MAX_WORDS)
      throw httpError(400, 'title_search_too_many_words', { max: TITLE_SEARCH_MAX_WORDS }, { field: 'term' });
    if (!words.some((word) => [...word].length >= TITLE_SEARCH_MIN_WORD))
      throw httpError(400, 'title_search_word_too_short', { min: TITLE_SEARCH_MIN_WORD }, { field: 'term' });
    const { items, total, totalIsEstimate } = await articlesRepository.searchTitle(
      app.db,
      words,
      await lists.searchOptions(actorOf(request), hasRight(request, 'view_all_articles'), request.query),
    );
    return estimatedList(items, total, totalIsEstimate);
  });

  app.post('/api/portal/article/update', { schema: updateArticleSchema }, async (request) => {
    const actor = actorOf(request);
    const { id, field, value } = request.body;
    const { record, changed, to } = await changes.setField(actor, id, field, value);
    const message = changed ? updateMessage(field, to) : 'No change';
    request.log.info({ articleId: id, field, value, userId: actor.id }, message);
    return ok(change(record), message);
  });

  app.post('/api/portal/article/delete', { schema: deleteArticleSchema }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.body;
    const record = await changes.delete(actor, id);
    const message = record ? 'Article moved to the trash' : 'Article deleted permanently';
    request.log.info({ articleId: id, userId: actor.id }, message);
    return ok(record ? change(record) : null, message);
  });

  app.post('/api/portal/article/restore', { schema: restoreArticleSchema }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.body;
    const record = await changes.restore(actor, id);
    request.log.info({ articleId: id, userId: actor.id }, 'Article restored');
    return ok(change(record), 'Article restored');
  });

  app.post('/api/portal/article/:id/submit', { schema: submitArticleSchema }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    const record = await changes.submit(actor, id);
    request.log.info({ articleId: id, userId: actor.id }, 'Article submitted');
    return ok(change(record), 'Article submitted');
  });

  app.post('/api/portal/article/:id/schedule', { schema: scheduleArticleSchema }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    const { version, publish_up } = request.body;
    const record = await changes.schedule(actor, id, { version, publishUp: publish_up ? new Date(publish_up) : undefined }, new Date());
    request.log.info({ articleId: id, userId: actor.id }, 'Article scheduled');
    return ok(change(record), 'Article scheduled');
  });

  app.get('/api/portal/submitters/online', { schema: onlineSubmittersSchema, preHandler: requireRight('edit_all_articles') }, async () => {
    const now = new Date();
    const since = new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000);
    return ok(await articlesSubmittersRepository.online(app.db, since, now));
  });
};

export default articleListRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ArticleListCache } from '../../lib/article-list-cache';
import { ok, okList } from '../../lib/envelope';
import { decoded, httpError, httpErrorOf } from '../../lib/http-error';
import { planningFilterRefusal, type PlanningFilter } from 'contracts/rules/planning';
import { desksRepository } from '../../repositories/desks';
import { cleanText, decodeRequest } from 'contracts/schemas/form-fields';
import { ArticleListQuerySchema } from 'contracts/schemas/articles';
import { parseId } from 'contracts/schemas/common';
import type { ArticleSearchQuery } from 'contracts/schemas/articles';
import { hasRight, requireRight } from '../../plugins/permissions';
import { articlesRepository, type ArticleFilter, type ArticleRecord } from '../../repositories/articles';
import { articlesSubmittersRepository } from '../../repositories/articles-submitters';
import { articleListGeneration } from '../../repositories/article-list-generation';
import { DEFAULT_LIST_ORDER, TITLE_SEARCH_MAX_WORDS } from 'contracts/rules/constants';
import { STATE, type Actor, type UpdateField } from 'contracts/rules/article-state';
import type { Right } from 'contracts/rules/rights';
import { ArticleChangesService } from '../../services/article-changes';
import { articleScopeRepository } from '../../repositories/article-scope';
import { rightsInCategory, scopeOfRight } from 'contracts/rules/rights';
import { scopedActor } from '../../services/article-scope';
import type { ArticleListItem } from 'contracts/schemas/articles';
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

  app.get('/api/portal/articles', { schema: listArticlesSchema }, async (request, reply) => {
    const actor = actorOf(request);
    const query = decoded(() => decodeRequest(ArticleListQuerySchema, request.query, 'query'));
    const { category: categoryId, user: userId, status: state, featured, search, author } = query;
    const planning = await planningFilterOf(actor, query);
    const {
      limit = DEFAULT_LIST_ORDER.limit,
      limitStart = 0,
      sort = DEFAULT_LIST_ORDER.sort,
      sortDir = DEFAULT_LIST_ORDER.sortDir,
    } = query;

    const viewAll = hasRight(request, 'view_all_articles');
    if (!viewAll) {
      // Everyone may list their own trash (to see and restore what they deleted); the other filters need the right.
      const filtering = [categoryId, userId, featured, search, author].some((value) => value !== undefined);
      if (filtering || (state !== undefined && state !== STATE.TRASH)) throw httpError(403, 'filter_needs_right');
    }
    // A reader whose view_all_articles is scoped lists the articles under their desks (their own, too, with the user filter set to them).
    const viewScope = viewAll ? scopeOfRight(actor.grants ?? [], 'view_all_articles') : null;
    const scoped = scopedActor(actor);
    const compute = async () => {
      const filter: ArticleFilter = planning ? { planning } : {};
      const desks = viewScope === null ? undefined : await articleScopeRepository.subtrees(app.db, viewScope);
      if (!viewAll) {
        filter.createdBy = actor.id;
        filter.state = state ?? DEFAULT_LIST_STATE;
      } else {
        filter.createdBy = userId;
        filter.state = state ?? DEFAULT_LIST_STATE;
        filter.featured = featured;
        filter.search = search;
        if (categoryId !== undefined) filter.categoryIds = await articlesRepository.categorySubtree(app.db, categoryId);
        if (author !== undefined) {
          filter.authorIds =
            parseId(author) !== undefined ? [parseId(author) as number] : await articlesRepository.authorIdsByName(app.db, author);
        }
        if (desks !== undefined && userId !== actor.id) {
          const under = new Set(desks);
          filter.categoryIds = (filter.categoryIds ?? desks).filter((id) => under.has(id));
        }
      }
      const [{ items, total, totalIsEstimate }, trashTotal] = await Promise.all([
        articlesRepository.list(app.db, { filter, limit, offset: limitStart, sort, sortDir }),
        // The trash badge counts what the trash list shows: everyone's, under the reader's desks, or their own.
        articlesRepository.trashCount(app.db, viewAll ? undefined : actor.id, desks),
      ]);
      const rows = scoped ? await withRowRights(items, actor) : items;
      return { ...estimatedList(rows, total, totalIsEstimate), trash_total: trashTotal };
    };
    if (!listCache.active) return compute();
    // The key: the normalised query and the caller's scope (all articles, or this user's own).
    const key = JSON.stringify([
      viewAll ? 'all' : actor.id,
      scoped ? actor.grants : null,
      scoped && userId === actor.id ? actor.id : null,
      categoryId,
      userId,
      state,
      featured,
      search,
      author,
      planning ?? null,
      limit,
      limitStart,
      sort,
      sortDir,
    ]);
    const body = await listCache.get(key, async () => Buffer.from(reply.serialize(await compute()) as string));
    // Already serialised by this route's schema serializer (as UTF-8 bytes): sent as it is.
    return reply.type('application/json; charset=utf-8').send(body as never);
  });

  /**
   * The planning filters (contracts/rules/planning), open to every user: they only narrow what the
   * user may list anyway. A stage of another desk than the one filtered is refused.
   */
  async function planningFilterOf(
    actor: Actor,
    query: { mine?: 0 | 1 | undefined; desk?: number | undefined; stage?: number | undefined; overdue?: 0 | 1 | undefined },
  ): Promise<PlanningFilter | undefined> {
    const filter: PlanningFilter = {};
    if (query.mine === 1) filter.assignee = actor.id;
    if (query.desk !== undefined) filter.deskId = query.desk;
    if (query.stage !== undefined) {
      filter.stageId = query.stage;
      const stage = await desksRepository.stage(app.db, query.stage);
      const refusal = planningFilterRefusal({ deskId: query.desk, stageDeskId: stage?.desk_id });
      if (refusal) throw httpErrorOf(refusal.status, { code: refusal.code, field: refusal.field });
    }
    if (query.overdue !== undefined) filter.overdue = query.overdue === 1;
    return Object.keys(filter).length > 0 ? filter : undefined;
  }

  /**
   * Each row with the rights its reader holds on it (scoped roles): the screens offer a row's actions by them.
   */
  async function withRowRights<T extends Pick<ArticleListItem, 'catid'>>(
    items: T[],
    actor: Actor,
  ): Promise<Array<T & { rights: Right[] }>> {
    const paths = await articleScopeRepository.ancestorPaths(
      app.db,
      items.flatMap((item) => (item.catid === null ? [] : [item.catid])),
    );
    return items.map((item) => ({
      ...item,
      rights: rightsInCategory(actor.grants ?? [], (item.catid === null ? [] : paths.get(item.catid)) ?? []),
    }));
  }

  /**
   * The page, order and visibility of both searches: without view_all_articles the published and the
   * user's own articles; with it only under scoped roles, also those under their desks.
   */
  async function searchOptions(request: FastifyRequest, query: ArticleSearchQuery) {
    const { limit = 5, limitStart = 0, sort = 'modified', sortDir = 'DESC' } = query;
    const actor = actorOf(request);
    const viewScope = hasRight(request, 'view_all_articles') ? scopeOfRight(actor.grants ?? [], 'view_all_articles') : [];
    return {
      limit,
      offset: limitStart,
      sort,
      sortDir,
      visibleTo: viewScope === null ? undefined : actor.id,
      visibleIn: viewScope?.length ? await articleScopeRepository.subtrees(app.db, viewScope) : undefined,
    };
  }

  app.get('/api/portal/articles/search', { schema: searchArticlesSchema }, async (request) => {
    const { term = '' } = request.query;
    const text = clean(term);
    if (!text) return estimatedList([], 0, false);
    const { items, total, totalIsEstimate } = await articlesRepository.search(app.db, text, await searchOptions(request, request.query));
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
      await searchOptions(request, request.query),
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

/** Without a status filter the list shows every state but the trash (as Joomla does); the status filter can ask for it. */
const DEFAULT_LIST_STATE = 'notTrash' as const;

export default articleListRoutes;

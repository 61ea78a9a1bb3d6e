/**
 * The article list and its searches as a reader may see them: without view_all_articles their own
 * articles (and the trash), with it everyone's, narrowed to the desks of a scoped role; the planning
 * filters (contracts/rules/planning) narrow further; each row carries the rights its reader holds on
 * it when roles are scoped (the screens offer a row's actions by them).
 */
import { planningFilterRefusal, type PlanningFilter } from 'contracts/rules/planning';
import { STATE, type Actor } from 'contracts/rules/article-state';
import { rightsInCategory, scopeOfRight, type Right } from 'contracts/rules/rights';
import type { ArticleListItem, ArticleListRequest, ArticleSearchQuery } from 'contracts/schemas/articles';
import { parseId } from 'contracts/schemas/common';
import type { DbRoot } from '../db/schema';
import { httpError, httpErrorOf } from '../lib/http-error';
import { articleScopeRepository } from '../repositories/article-scope';
import { articlesRepository, type ArticleFilter } from '../repositories/articles';
import { desksRepository } from '../repositories/desks';
import { scopedActor } from './article-scope';

/** Without a status filter the list shows every state but the trash (as Joomla does); the status filter can ask for it. */
const DEFAULT_LIST_STATE = 'notTrash' as const;

/** The planning part of a list query. */
type PlanningQuery = Pick<ArticleListRequest, 'mine' | 'desk' | 'stage' | 'overdue'>;

export class ArticleListService {
  constructor(private readonly db: DbRoot) {}

  /** 403 when a reader without view_all_articles filters by anything but their own trash. */
  checkFilters(viewAll: boolean, query: ArticleListRequest): void {
    if (viewAll) return;
    // Everyone may list their own trash (to see and restore what they deleted); the other filters need the right.
    const filtering = [query.category, query.user, query.featured, query.search, query.author].some((value) => value !== undefined);
    if (filtering || (query.status !== undefined && query.status !== STATE.TRASH)) throw httpError(403, 'filter_needs_right');
  }

  /**
   * The planning filters, open to every user: they only narrow what the user may list anyway. A stage
   * of another desk than the one filtered is refused.
   */
  async planningFilter(actor: Actor, query: PlanningQuery): Promise<PlanningFilter | undefined> {
    const filter: PlanningFilter = {};
    if (query.mine === 1) filter.assignee = actor.id;
    if (query.desk !== undefined) filter.deskId = query.desk;
    if (query.stage !== undefined) {
      filter.stageId = query.stage;
      const stage = await desksRepository.stage(this.db, query.stage);
      const refusal = planningFilterRefusal({ deskId: query.desk, stageDeskId: stage?.desk_id });
      if (refusal) throw httpErrorOf(refusal.status, { code: refusal.code, field: refusal.field });
    }
    if (query.overdue !== undefined) filter.overdue = query.overdue === 1;
    return Object.keys(filter).length > 0 ? filter : undefined;
  }

  /** One page of the list with its total and the trash total the reader's trash badge shows. */
  async page(actor: Actor, viewAll: boolean, query: ArticleListRequest, planning: PlanningFilter | undefined) {
    const { limit, limitStart, sort, sortDir } = query;
    // A reader whose view_all_articles is scoped lists the articles under their desks (their own, too, with the user filter set to them).
    const viewScope = viewAll ? scopeOfRight(actor.grants ?? [], 'view_all_articles') : null;
    const desks = viewScope === null ? undefined : await articleScopeRepository.subtrees(this.db, viewScope);
    const filter: ArticleFilter = viewAll
      ? await this.readerFilter(actor, query, desks)
      : { createdBy: actor.id, state: query.status ?? DEFAULT_LIST_STATE };
    if (planning) filter.planning = planning;
    const [{ items, total, totalIsEstimate }, trashTotal] = await Promise.all([
      articlesRepository.list(this.db, { filter, limit, offset: limitStart, sort, sortDir }),
      // The trash badge counts what the trash list shows: everyone's, under the reader's desks, or their own.
      articlesRepository.trashCount(this.db, viewAll ? undefined : actor.id, desks),
    ]);
    const rows = scopedActor(actor) ? await this.withRowRights(items, actor) : items;
    return { rows, total, totalIsEstimate, trashTotal };
  }

  /** The filter of a reader with view_all_articles, kept under their desks when their role is scoped. */
  private async readerFilter(actor: Actor, query: ArticleListRequest, desks: number[] | undefined): Promise<ArticleFilter> {
    const filter: ArticleFilter = {
      createdBy: query.user,
      state: query.status ?? DEFAULT_LIST_STATE,
      featured: query.featured,
      search: query.search,
    };
    if (query.category !== undefined) filter.categoryIds = await articlesRepository.categorySubtree(this.db, query.category);
    if (query.author !== undefined) {
      const id = parseId(query.author);
      filter.authorIds = id !== undefined ? [id] : await articlesRepository.authorIdsByName(this.db, query.author);
    }
    if (desks !== undefined && query.user !== actor.id) {
      const under = new Set(desks);
      filter.categoryIds = (filter.categoryIds ?? desks).filter((id) => under.has(id));
    }
    return filter;
  }

  /** Each row with the rights its reader holds on it (scoped roles). */
  private async withRowRights<T extends Pick<ArticleListItem, 'catid'>>(items: T[], actor: Actor): Promise<Array<T & { rights: Right[] }>> {
    const paths = await articleScopeRepository.ancestorPaths(
      this.db,
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
  async searchOptions(actor: Actor, viewAll: boolean, query: ArticleSearchQuery) {
    const { limit = 5, limitStart = 0, sort = 'modified', sortDir = 'DESC' } = query;
    const viewScope = viewAll ? scopeOfRight(actor.grants ?? [], 'view_all_articles') : [];
    return {
      limit,
      offset: limitStart,
      sort,
      sortDir,
      visibleTo: viewScope === null ? undefined : actor.id,
      visibleIn: viewScope?.length ? await articleScopeRepository.subtrees(this.db, viewScope) : undefined,
    };
  }
}

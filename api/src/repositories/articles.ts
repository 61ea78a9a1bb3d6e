/**
 * The articles repository: the list (articles-list.ts plans it, articles-list-queries.ts holds its SQL,
 * articles-count.ts its totals), the searches (articles-search.ts) and the record updates
 * (articles-records.ts), behind one object the services and routes call.
 */
import type { ArticleListItem, ArticleSearchItem } from 'contracts/schemas/articles';
import { countArticles } from './articles-count';
import { authorIdsByName, categorySubtree, listPage, type ArticleListPage, type ArticleListTuning } from './articles-list';
import { findArticle, purgeArticle, setArticleField } from './articles-records';
import { searchArticles, searchTitles } from './articles-search';
import { TRASH_STATE } from './articles-sql';
import type { ArticleListQuery } from './articles-list-queries';
import { deskPlanningRepository } from './desk-planning';
import type { Db } from '../db/schema';

export type { ArticleListItem, ArticleSearchItem };
export type { ArticleListQuery, ArticleSort } from './articles-list-queries';
export type { ArticleListPage, ArticleListTuning } from './articles-list';
export type { ArticleRecord } from './articles-records';
export type { ArticleSearchOptions, ArticleSearchPage, SearchSort, SearchStrategy } from './articles-search';
export type { ArticleFilter, SortDirection } from './articles-sql';
export { WALK_FROM_TABLE_ROWS } from './articles-list-walk';

/** A page of the list with each story's assignees (one read for the page). */
async function listWithAssignees(db: Db, query: ArticleListQuery, tuning?: ArticleListTuning): Promise<ArticleListPage> {
  const page = await listPage(db, query, tuning);
  const assignees = await deskPlanningRepository.assignees(
    db,
    page.items.map((item) => item.id),
  );
  return { ...page, items: page.items.map((item) => ({ ...item, assignees: assignees.get(item.id) ?? [] })) };
}

export const articlesRepository = {
  list: listWithAssignees,

  /** How many articles are in the trash: all of them, or those `createdBy` created (exact, from the counters). */
  /** Articles in the trash: everyone's, one user's (`createdBy`), or those under a scoped reader's desks (`categoryIds`). */
  trashCount(db: Db, createdBy?: number, categoryIds?: number[]): Promise<number> {
    return countArticles(db, { createdBy, categoryIds, state: TRASH_STATE });
  },

  categorySubtree,
  authorIdsByName,
  search: searchArticles,
  searchTitle: searchTitles,
  find: findArticle,
  setField: setArticleField,
  purge: purgeArticle,
};

/**
 * The article list's planner: which way reads a page (an index in the list's order, a walk, an id
 * window, or every hit collected) and where its total comes from, plus the lookups that turn the
 * route's category and author filters into ids.
 */
import { sql } from 'kysely';
import type { ArticleListItem } from 'contracts/schemas/articles';
import { countArticles, settleTotal, tableShape } from './articles-count';
import { boundedPageQuery, pageQuery, toListItem, walkPageQuery, windowPageQuery, type ArticleListQuery } from './articles-list-queries';
import { seekPage } from './articles-list-seek';
import { COLLECT_UP_TO_HITS, estimateFromWalk, estimateFromWindow, walkRows, WALK_FROM_TABLE_ROWS, windowIds } from './articles-list-walk';
import { conditions, escapeLike, estimateHits, intList } from './articles-sql';
import type { Db } from '../db/schema';

/**
 * How a list with free text or several authors reads its page, for tests (small tables) and benches;
 * the route leaves it at its defaults.
 */
export interface ArticleListTuning {
  /**
   * Default auto: exact collects every hit; walk reads in the sort order first (see listByWalk); auto
   * walks on tables of `walk.fromTableRows` (default WALK_FROM_TABLE_ROWS) articles or more.
   */
  strategy?: 'auto' | 'exact' | 'walk' | undefined;
  /** The walk's table threshold, its length, and when to collect instead of a window. */
  walk?: { fromTableRows?: number; scanRows?: number; collectUpToHits?: number } | undefined;
  /**
   * Pages in id or title order from this offset on are read by seek (articles-list-seek.ts; default
   * REVERSE_FROM_OFFSET); false reads every page by offset (the reference the seek is tested against).
   */
  seekFromOffset?: number | false | undefined;
}

/** A page of the list; `totalIsEstimate`: `total` is estimated (see listByWalk), exact otherwise. */
export interface ArticleListPage {
  items: ArticleListItem[];
  total: number;
  totalIsEstimate: boolean;
}

/** Beyond this offset, a page in the second half of the result is read from the other end. */
const REVERSE_FROM_OFFSET = 1000;

/** Up to this many articles of the authors filtered, a list by author name reads them all (boundedPageQuery). */
const BOUNDED_AUTHOR_ARTICLES = 50_000;

/**
 * A page of a list with free text or several authors read in its order (id or title) instead of
 * collecting every hit (see articles-list-walk.ts): rows and order exact, `total` estimated unless
 * small. Undefined when neither the walk nor the window filled the page: the caller collects.
 */
async function listByWalk(
  db: Db,
  query: ArticleListQuery,
  tuning: ArticleListTuning,
  sort: 'id' | 'title',
  shape: { rowsInTable: number; minId: number; maxId: number },
): Promise<ArticleListPage | undefined> {
  const { rowsInTable } = shape;
  const reach = query.offset + query.limit;
  let scan = tuning.walk?.scanRows ?? walkRows(sort, reach);
  if (sort === 'title' && tuning.walk?.scanRows === undefined) {
    // As the search endpoint: when the planner expects too few hits for the long walk, a short one
    // still catches common word pairs (its estimate assumes words independent).
    const estimate = await estimateHits(db, conditions(query.filter));
    if (estimate !== undefined && estimate * scan < reach * rowsInTable) scan = Math.min(scan, walkRows('id', reach));
  }
  let walk = await walkPageQuery(query, sort, scan, false).execute(db);
  if (walk.rows.length < query.limit && sort === 'id' && query.offset > 0) walk = await walkPageQuery(query, sort, scan, true).execute(db);
  const walkHits = walk.rows[0]?.walk_hits;
  const rows = walk.rows.filter((row) => row.id !== null);
  if (rows.length === query.limit) {
    const walked = Number(rows[rows.length - 1]?.pos ?? reach);
    const estimate = estimateFromWalk(reach, walked, rowsInTable);
    return { items: rows.map(toListItem), ...(await settleTotal(db, query.filter, estimate)) };
  }
  if (sort !== 'id') return undefined;
  // Hits the walk met: on the first page the page's rows (the walk filtered every row it read), past it counted.
  const hits = walkHits !== undefined ? Number(walkHits) : rows.length;
  const idSpan = shape.maxId - shape.minId + 1;
  const ids = windowIds(
    { hits, walked: scan, rowsInTable: Math.max(rowsInTable, scan), idSpan, reach },
    tuning.walk?.collectUpToHits ?? COLLECT_UP_TO_HITS,
  );
  if (ids === undefined) return undefined;
  const bound = query.sortDir === 'ASC' ? shape.minId + ids - 1 : shape.maxId - ids + 1;
  const window = await windowPageQuery(query, bound).execute(db);
  if (window.rows.length < query.limit) return undefined;
  const estimate = estimateFromWindow(Number(window.rows[0]?.window_hits ?? reach), ids, idSpan);
  return { items: window.rows.map(toListItem), ...(await settleTotal(db, query.filter, estimate)) };
}

/** Every hit collected, counted and sorted (boundedPageQuery): exact; past the last hit, counted on its own. */
async function collectPage(db: Db, query: ArticleListQuery): Promise<ArticleListPage> {
  const page = await boundedPageQuery(query).execute(db);
  const total = page.rows.length > 0 ? Number(page.rows[0]?.total) : query.offset > 0 ? await countArticles(db, query.filter) : 0;
  return { total, totalIsEstimate: false, items: page.rows.map(toListItem) };
}

/**
 * The list: free text or several authors on a large table are walked (listByWalk) and, when the walk
 * does not fill the page, collected (boundedPageQuery); every other filter counts through the count
 * tables or the link index and reads its page through an index.
 */
export async function listPage(db: Db, query: ArticleListQuery, tuning: ArticleListTuning = {}): Promise<ArticleListPage> {
  const walkable = query.filter.search !== undefined || (query.filter.authorIds !== undefined && query.filter.authorIds.length > 1);
  const strategy = tuning.strategy ?? 'auto';
  if (
    walkable &&
    strategy !== 'exact' &&
    query.sort !== 'submitter' &&
    query.filter.categoryIds?.length !== 0 &&
    query.filter.authorIds?.length !== 0
  ) {
    // One round trip for the table's size and id range (the window needs it; cheap: statistics and two index ends).
    const shape = await tableShape(db);
    if (strategy === 'walk' || shape.rowsInTable >= (tuning.walk?.fromTableRows ?? WALK_FROM_TABLE_ROWS)) {
      const walked = await listByWalk(db, query, tuning, query.sort, shape);
      if (walked) return walked;
      // Neither the walk nor the window filled the page: the hits are few (or clustered far down the order).
      return collectPage(db, query);
    }
  }
  // Scheduled articles are few (a partial index holds them): collected, never found by walking the id order.
  let bounded = query.filter.search !== undefined || query.filter.state === 'scheduled';
  if (!bounded && query.filter.authorIds !== undefined && query.filter.authorIds.length > 1) {
    const { rows } = await sql<{ n: string | number }>`
      select count(distinct article_id) as n from article_authors where author_id in (${intList(query.filter.authorIds)})
    `.execute(db);
    bounded = Number(rows[0]?.n ?? 0) <= BOUNDED_AUTHOR_ARTICLES;
  }
  if (bounded) return collectPage(db, query);
  const seekFrom = tuning.seekFromOffset ?? REVERSE_FROM_OFFSET;
  if (query.offset < REVERSE_FROM_OFFSET && (seekFrom === false || query.offset < seekFrom || query.sort === 'submitter')) {
    const [page, total] = await Promise.all([
      pageQuery(query, query.sortDir, query.offset, query.limit).execute(db),
      countArticles(db, query.filter),
    ]);
    return { total, totalIsEstimate: false, items: page.rows.map(toListItem) };
  }
  // Deep pages in id or title order are read by seek from a boundary key; by submitter (or when a
  // write moved the list meanwhile), a page in the second half is read from the other end, so the
  // database walks total - offset rows instead of offset rows.
  const total = await countArticles(db, query.filter);
  if (query.offset >= total) return { total, totalIsEstimate: false, items: [] };
  if (seekFrom !== false && query.offset >= seekFrom && query.sort !== 'submitter') {
    const rows = await seekPage(db, query, total);
    if (rows) return { total, totalIsEstimate: false, items: rows.map(toListItem) };
  }
  const remaining = total - query.offset;
  if (query.offset <= remaining) {
    const page = await pageQuery(query, query.sortDir, query.offset, query.limit).execute(db);
    return { total, totalIsEstimate: false, items: page.rows.map(toListItem) };
  }
  const limit = Math.min(query.limit, remaining);
  const reversed = query.sortDir === 'ASC' ? 'DESC' : 'ASC';
  const page = await pageQuery(query, reversed, remaining - limit, limit).execute(db);
  return { total, totalIsEstimate: false, items: page.rows.map(toListItem).reverse() };
}

/** The ids of a category and all its descendants (empty when the category does not exist). */
export async function categorySubtree(db: Db, categoryId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive sub(id) as (
      select id from categories where id = ${categoryId}::int
      union
      select c.id from categories c join sub on c.parent_id = sub.id
    )
    select id from sub order by id
  `.execute(db);
  return rows.map((row) => row.id);
}

/** Authors whose name contains `name` (any letter case). */
export async function authorIdsByName(db: Db, name: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select id from authors where name ilike ${`%${escapeLike(name)}%`} order by id
  `.execute(db);
  return rows.map((row) => row.id);
}

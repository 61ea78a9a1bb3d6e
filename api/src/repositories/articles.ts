import { KNOWN_STATES, type ArticleFacts } from 'contracts/rules/article-state';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { bumpArticleGeneration } from '../lib/article-generation';
import {
  COLLECT_UP_TO_HITS,
  COUNT_CAP,
  estimateFromWalk,
  estimateFromWindow,
  SHORT_WALK_ROWS_PER_RESULT,
  totalFromCappedCount,
  walkRows,
  windowIds,
  worthCounting,
} from './articles-list-walk';
import type { ArticleListItem, ArticleSearchItem } from 'contracts/schemas/articles';

export type ArticleSort = 'id' | 'title' | 'submitter';
export type SearchSort = 'title' | 'modified';
export type SortDirection = 'ASC' | 'DESC';

const TRASH_STATE = -2;

export type { ArticleListItem, ArticleSearchItem };

/** The list filter once the route has read and checked the query (spec "Article search filter"). */
export interface ArticleFilter {
  /** Only articles this user created (the `user` filter, or a user without view_all_articles). */
  createdBy?: number | undefined;
  /** catid in these ids (a category and its descendants); an empty list matches nothing. */
  categoryIds?: number[] | undefined;
  /**
   * A state, 'other': any state the portal does not name, 'notTrash': every state but -2, or
   * 'scheduled': Unpublished with a pending publish_up (contracts/rules/article-schedule.ts).
   */
  state?: number | 'other' | 'notTrash' | 'scheduled' | undefined;
  /** Free text: PostgreSQL full-text search (websearch syntax) over title + introtext. */
  search?: string | undefined;
  /** Articles with one of these authors; an empty list matches nothing. */
  authorIds?: number[] | undefined;
  featured?: 0 | 1 | undefined;
}

export interface ArticleListQuery {
  filter: ArticleFilter;
  limit: number;
  offset: number;
  sort: ArticleSort;
  sortDir: SortDirection;
  /**
   * How a list with free text or several authors reads its page (default auto): exact collects every
   * hit; walk reads in the sort order first (see listByWalk); auto walks on tables of
   * `walk.fromTableRows` (default WALK_FROM_TABLE_ROWS) articles or more.
   */
  strategy?: SearchStrategy | undefined;
  /** Knobs for tests (small tables): the walk's table threshold, its length, and when to collect instead of a window. */
  walk?: { fromTableRows?: number; scanRows?: number; collectUpToHits?: number } | undefined;
}

/** A page of the list; `totalIsEstimate`: `total` is estimated (see listByWalk), exact otherwise. */
export interface ArticleListPage {
  items: ArticleListItem[];
  total: number;
  totalIsEstimate: boolean;
}

/** How the repository reads a page of a search (the route turns the API's query into it). */
export interface ArticleSearchOptions {
  limit: number;
  offset: number;
  sort: SearchSort;
  sortDir: SortDirection;
  /** Users without view_all_articles: published articles and their own. */
  visibleTo?: number | undefined;
  /** How to read the page (default auto; the others are for tests and the bench). */
  strategy?: SearchStrategy | undefined;
}

/** A page of search results; `totalIsEstimate`: `total` is estimated (a walk), exact otherwise. */
export interface ArticleSearchPage {
  items: ArticleSearchItem[];
  total: number;
  totalIsEstimate: boolean;
}

/** What the update calls read and return. */
export interface ArticleRecord extends ArticleFacts {
  version: number;
  modified: string;
}

/** Beyond this offset, a page in the second half of the result is read from the other end. */
const REVERSE_FROM_OFFSET = 1000;

type Db = Kysely<Database> | Transaction<Database>;

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function intList(values: readonly number[]): RawBuilder<unknown> {
  return sql.join(values.map((value) => sql`${value}::int`));
}

/** The filter as SQL conditions on `a` (articles). */
function conditions(filter: ArticleFilter): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (filter.createdBy !== undefined) where.push(sql`a.created_by = ${filter.createdBy}::int`);
  if (filter.categoryIds !== undefined) {
    where.push(filter.categoryIds.length ? sql`a.catid in (${intList(filter.categoryIds)})` : sql`false`);
  }
  if (filter.state === 'other') where.push(sql`a.state not in (${intList(KNOWN_STATES)})`);
  // Scheduled: an approver's schedule not acted on yet (the partial index on the pending mark serves it).
  else if (filter.state === 'scheduled') where.push(sql`(a.state = 0 and a.publish_up_pending and a.publish_up is not null)`);
  else if (filter.state === 'notTrash') where.push(sql`a.state <> ${TRASH_STATE}::int`);
  else if (filter.state !== undefined) where.push(sql`a.state = ${filter.state}::int`);
  if (filter.featured !== undefined) where.push(sql`a.featured = ${filter.featured}::int`);
  if (filter.search !== undefined) where.push(sql`a.search_vector @@ websearch_to_tsquery('english', ${filter.search})`);
  if (filter.authorIds !== undefined) {
    where.push(
      filter.authorIds.length
        ? sql`exists (select 1 from article_authors aa where aa.article_id = a.id and aa.author_id in (${intList(filter.authorIds)}))`
        : sql`false`,
    );
  }
  return where;
}

function whereClause(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * The total under the filter, exact, without counting a million articles where it can:
 * - category / status / featured (no submitter): summed from article_totals, one row per
 *   (catid, state, featured), kept by triggers: a few hundred rows at most;
 * - with a submitter (the user filter, or a user without view_all_articles): from article_counts,
 *   one row per (created_by, catid, state, featured), read through its primary key prefix;
 * - author alone: counted in the link table (index-only on article_authors (author_id, article_id));
 * - free text, or author with other filters: counted over the articles through their indexes.
 */
async function countArticles(db: Db, filter: ArticleFilter): Promise<number> {
  if (filter.categoryIds?.length === 0 || filter.authorIds?.length === 0) return 0;
  if (filter.search === undefined && filter.authorIds === undefined && filter.state !== 'scheduled') {
    const where: RawBuilder<unknown>[] = [];
    if (filter.createdBy !== undefined) where.push(sql`c.created_by = ${filter.createdBy}::int`);
    if (filter.categoryIds !== undefined) where.push(sql`c.catid in (${intList(filter.categoryIds)})`);
    if (filter.state === 'other') where.push(sql`c.state not in (${intList(KNOWN_STATES)})`);
    else if (filter.state === 'notTrash') where.push(sql`c.state <> ${TRASH_STATE}::int`);
    else if (filter.state !== undefined) where.push(sql`c.state = ${filter.state}::int`);
    if (filter.featured !== undefined) where.push(sql`c.featured = ${filter.featured}::int`);
    const table = filter.createdBy !== undefined ? sql`article_counts` : sql`article_totals`;
    const { rows } = await sql<{ total: string | number }>`
      select coalesce(sum(c.n), 0)::bigint as total from ${table} c ${whereClause(where)}
    `.execute(db);
    return Number(rows[0]?.total ?? 0);
  }
  const { authorIds, ...rest } = filter;
  if (authorIds !== undefined && Object.values(rest).every((value) => value === undefined)) {
    // Every link row has its article (foreign key); an article with two of the authors counts once.
    const count = authorIds.length === 1 ? sql`count(*)` : sql`count(distinct aa.article_id)`;
    const { rows } = await sql<{ total: string | number }>`
      select ${count} as total from article_authors aa where aa.author_id in (${intList(authorIds)})
    `.execute(db);
    return Number(rows[0]?.total ?? 0);
  }
  const { rows } = await sql<{ total: string | number }>`
    select count(*) as total from articles a ${whereClause(conditions(filter))}
  `.execute(db);
  return Number(rows[0]?.total ?? 0);
}

interface ListRow {
  id: number;
  title: string;
  catid: number | null;
  date: Date | string;
  thumb: string | null;
  main_category: string | null;
  url: string;
  article_type: string;
  featured: number;
  state: number;
  created_by: number | null;
  author: string | null;
  access: number;
  newsletter: number;
  publish_up: Date | string | null;
  publish_up_pending: boolean;
  publish_down: Date | string | null;
}

const LIST_COLUMNS = sql`a.id, a.title, a.catid, a.date, a.thumb, a.url, a.article_type, a.featured, a.state,
  a.created_by, a.access, a.newsletter, a.main_category_id, a.publish_up, a.publish_up_pending, a.publish_down`;

/**
 * One page in the order (key, id): by id, by title (index articles_title_id_idx) or by submitter.
 * The submitter order joins users, so no index can serve it directly; it is read per user instead
 * (each user's first offset+limit rows through articles_created_by_idx, a few dozen users at most),
 * merged and cut, which gives the same rows as sorting everything.
 */
function pageQuery(query: ArticleListQuery, direction: SortDirection, offset: number, limit: number): RawBuilder<ListRow> {
  const dir = sql.raw(direction === 'ASC' ? 'asc' : 'desc');
  const where = conditions(query.filter);
  if (query.sort !== 'submitter') {
    const order = query.sort === 'title' ? sql`a.title ${dir}, a.id ${dir}` : sql`a.id ${dir}`;
    return sql<ListRow>`
      select p.*, u.name as author, mc.title as main_category
      from (select ${LIST_COLUMNS} from articles a ${whereClause(where)} order by ${order} limit ${limit}::int offset ${offset}::int) p
      left join users u on u.id = p.created_by
      left join categories mc on mc.id = p.main_category_id
      order by ${query.sort === 'title' ? sql`p.title ${dir}, p.id ${dir}` : sql`p.id ${dir}`}
    `;
  }
  const reach = offset + limit;
  const owners =
    query.filter.createdBy !== undefined
      ? sql`select u.id, u.name from users u where u.id = ${query.filter.createdBy}::int`
      : sql`select u.id, u.name from users u`;
  const perOwner = sql`
    select o.name as author, x.* from (${owners}) o
    cross join lateral (
      select ${LIST_COLUMNS} from articles a
      ${whereClause([sql`a.created_by = o.id`, ...where])}
      order by a.id ${dir} limit ${reach}::int
    ) x`;
  const orphans = sql`
    select null::text as author, x.* from (
      select ${LIST_COLUMNS} from articles a ${whereClause([sql`a.created_by is null`, ...where])}
      order by a.id ${dir} limit ${reach}::int
    ) x`;
  const union = query.filter.createdBy !== undefined ? perOwner : sql`${perOwner} union all ${orphans}`;
  return sql<ListRow>`
    select p.*, mc.title as main_category
    from (${union}) p
    left join categories mc on mc.id = p.main_category_id
    order by coalesce(p.author, '') ${dir}, p.id ${dir}
    limit ${limit}::int offset ${offset}::int
  `;
}

/**
 * A page of a list whose hits are few enough to read them all: free text (counting its total reads
 * every hit anyway), or several authors (an author name). The hits are collected first (a
 * MATERIALIZED CTE, planned on its own: the GIN index, the author link index), then counted and
 * sorted, so page and total come from one query. Without the fence the planner may walk the id or
 * title index in order hoping to meet 20 hits early, which reads the whole table when the hits are
 * rare or absent (its estimates for text search and for IN lists of authors are coarse, and it
 * costs a LIMIT over count(*) over () as if the window streamed).
 */
function boundedPageQuery(query: ArticleListQuery): RawBuilder<ListRow & { total: string | number }> {
  const dir = sql.raw(query.sortDir === 'ASC' ? 'asc' : 'desc');
  const order = (t: string) => {
    const x = sql.raw(t);
    return query.sort === 'id'
      ? sql`${x}.id ${dir}`
      : query.sort === 'title'
        ? sql`${x}.title ${dir}, ${x}.id ${dir}`
        : sql`coalesce(${x}.author, '') ${dir}, ${x}.id ${dir}`;
  };
  return sql<ListRow & { total: string | number }>`
    with hits as materialized (
      select ${LIST_COLUMNS}, u.name as author
      from articles a left join users u on u.id = a.created_by
      ${whereClause(conditions(query.filter))}
    )
    select p.*, mc.title as main_category from (
      select h.*, count(*) over () as total from hits h order by ${order('h')} limit ${query.limit}::int offset ${query.offset}::int
    ) p
    left join categories mc on mc.id = p.main_category_id
    order by ${order('p')}
  `;
}

/** Up to this many articles of the authors filtered, a list by author name reads them all (boundedPageQuery). */
const BOUNDED_AUTHOR_ARTICLES = 50_000;

/** The list's order on the table `t`: by id, or by title then id. */
function walkOrder(t: string, sort: 'id' | 'title', direction: SortDirection): RawBuilder<unknown> {
  const x = sql.raw(t);
  const dir = sql.raw(direction === 'ASC' ? 'asc' : 'desc');
  return sort === 'title' ? sql`${x}.title ${dir}, ${x}.id ${dir}` : sql`${x}.id ${dir}`;
}

/**
 * The walk: the first `scan` articles in the list's order (an index scan that stops there), then
 * the filter over them, then the page. `pos` is a row's place in the order before the filter (how far
 * the walk went). The filter cannot be pushed below the LIMIT, so the walk never reads more.
 */
function walkPageQuery(
  query: ArticleListQuery,
  sort: 'id' | 'title',
  scan: number,
  countHits: boolean,
): RawBuilder<ListRow & { pos: string | number; walk_hits?: string | number }> {
  const order = (t: string) => walkOrder(t, sort, query.sortDir);
  const walked = sql`
    select ${LIST_COLUMNS}, a.pos from (
      select a.*, row_number() over (order by ${order('a')}) as pos from (
        select ${LIST_COLUMNS}, a.search_vector from articles a order by ${order('a')} limit ${scan}::int
      ) a
    ) a
    ${whereClause(conditions(query.filter))}`;
  if (!countHits) {
    return sql<ListRow & { pos: string | number }>`
      select p.*, u.name as author, mc.title as main_category
      from (${walked} order by ${order('a')} limit ${query.limit}::int offset ${query.offset}::int) p
      left join users u on u.id = p.created_by
      left join categories mc on mc.id = p.main_category_id
      order by ${order('p')}
    `;
  }
  // Past the first page an empty or short page does not say how many hits the walk met (the offset
  // hides them), and the id window is sized from that: every walked row is filtered and counted, and
  // the answer has one row (id null) even when the page is empty.
  return sql<ListRow & { pos: string | number; walk_hits: string | number }>`
    with walked as materialized (${walked})
    select p.*, w.walk_hits, u.name as author, mc.title as main_category
    from (select count(*) as walk_hits from walked) w
    left join lateral (select * from walked a order by ${order('a')} limit ${query.limit}::int offset ${query.offset}::int) p on true
    left join users u on u.id = p.created_by
    left join categories mc on mc.id = p.main_category_id
    order by ${order('p')}
  `;
}

/**
 * The id window: the hits among the ids at the top of the id order (`bound` and above for DESC, at
 * most `bound` for ASC), counted. With free text the planner intersects the GIN index with the
 * primary key range (BitmapAnd), so only the window's hits are read from the table.
 */
function windowPageQuery(query: ArticleListQuery, bound: number): RawBuilder<ListRow & { window_hits: string | number }> {
  const order = (t: string) => walkOrder(t, 'id', query.sortDir);
  const inWindow = query.sortDir === 'ASC' ? sql`a.id <= ${bound}::int` : sql`a.id >= ${bound}::int`;
  return sql<ListRow & { window_hits: string | number }>`
    select p.*, u.name as author, mc.title as main_category from (
      select ${LIST_COLUMNS}, count(*) over () as window_hits from articles a
      ${whereClause([...conditions(query.filter), inWindow])}
      order by ${order('a')} limit ${query.limit}::int offset ${query.offset}::int
    ) p
    left join users u on u.id = p.created_by
    left join categories mc on mc.id = p.main_category_id
    order by ${order('p')}
  `;
}

/** Rows in articles (statistics) and the id range (two ends of the primary key). */
async function tableShape(db: Db): Promise<{ rowsInTable: number; minId: number; maxId: number }> {
  const { rows } = await sql<{ n: number | string; min_id: number | null; max_id: number | null }>`
    select (select greatest(reltuples, 0)::float8 from pg_class where oid = 'articles'::regclass) as n,
      (select min(id) from articles) as min_id, (select max(id) from articles) as max_id
  `.execute(db);
  const row = rows[0];
  return { rowsInTable: Number(row?.n ?? 0), minId: Number(row?.min_id ?? 0), maxId: Number(row?.max_id ?? 0) };
}

/** An estimated total, replaced by a capped count when it is small (exact under COUNT_CAP). */
async function settleTotal(db: Db, filter: ArticleFilter, estimate: number): Promise<{ total: number; totalIsEstimate: boolean }> {
  if (!worthCounting(estimate)) return { total: estimate, totalIsEstimate: true };
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from (select 1 from articles a ${whereClause(conditions(filter))} limit ${COUNT_CAP + 1}::int) x
  `.execute(db);
  const { total, estimated } = totalFromCappedCount(Number(rows[0]?.n ?? 0), estimate);
  return { total, totalIsEstimate: estimated };
}

/**
 * A page of a list with free text or several authors read in its order (id or title) instead of
 * collecting every hit (see articles-list-walk.ts): rows and order exact, `total` estimated unless
 * small. Undefined when neither the walk nor the window filled the page: the caller collects.
 */
async function listByWalk(
  db: Db,
  query: ArticleListQuery,
  sort: 'id' | 'title',
  shape: { rowsInTable: number; minId: number; maxId: number },
): Promise<ArticleListPage | undefined> {
  const { rowsInTable } = shape;
  const reach = query.offset + query.limit;
  let scan = query.walk?.scanRows ?? walkRows(sort, reach);
  if (sort === 'title' && query.walk?.scanRows === undefined) {
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
    query.walk?.collectUpToHits ?? COLLECT_UP_TO_HITS,
  );
  if (ids === undefined) return undefined;
  const bound = query.sortDir === 'ASC' ? shape.minId + ids - 1 : shape.maxId - ids + 1;
  const window = await windowPageQuery(query, bound).execute(db);
  if (window.rows.length < query.limit) return undefined;
  const estimate = estimateFromWindow(Number(window.rows[0]?.window_hits ?? reach), ids, idSpan);
  return { items: window.rows.map(toListItem), ...(await settleTotal(db, query.filter, estimate)) };
}

function toListItem(row: ListRow): ArticleListItem {
  return {
    id: row.id,
    title: row.title,
    catid: row.catid,
    date: iso(row.date),
    thumb: row.thumb,
    main_category: row.main_category,
    url: row.url,
    articleType: row.article_type,
    featured: row.featured,
    state: row.state,
    createdBy: row.created_by,
    author: row.author ?? 'unknown',
    access: row.access,
    newsletter: row.newsletter,
    publish_up: row.publish_up === null ? null : iso(row.publish_up),
    publish_up_pending: Boolean(row.publish_up_pending),
    publish_down: row.publish_down === null ? null : iso(row.publish_down),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * How a search reads its page:
 * - exact: every hit is collected (a MATERIALIZED CTE over the GIN index), counted and sorted; page
 *   and exact total in one query. Its cost grows with the number of hits (20,000 hits ≈ 200 ms).
 * - walk: the articles are read in the sort order (index on (modified, id) or (title, id)) and the
 *   search condition filters them until the page is full: about (offset + limit) / share-of-hits
 *   rows, cheap exactly when there are many hits. The total is then an estimate: the share of hits
 *   among the rows walked × the rows in the table (never below what is known to exist).
 * auto, on a table of at least WALK_FROM_TABLE_ROWS rows, first walks a bounded number of rows
 * (TITLE_WALK_ROWS_PER_RESULT per row wanted, so it succeeds when at least 1 in 400 articles is a hit;
 * only 100 per row when the planner's estimate says the hits are rarer than that);
 * when that fills the page, that is the answer, else (a rarer term, or hits clustered away from the
 * start of the order) it collects the hits: exact total, cheap because they are few (or slow as
 * before when they are many but clustered). Smaller tables are always collected (exact).
 */
export type SearchStrategy = 'auto' | 'exact' | 'walk';

/**
 * Below this many articles, auto always collects (exact totals; cheap anyway). How far a walk reads
 * and how its total is estimated: articles-list-walk.ts (the search walks like the list's title order).
 */
export const WALK_FROM_TABLE_ROWS = 20_000;

/** The planner's estimate of the rows matching `where` (statistics only, no rows read). */
async function estimateHits(db: Db, where: RawBuilder<unknown>[]): Promise<number | undefined> {
  const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) select 1 from articles a ${whereClause(where)}`.execute(db);
  const raw = rows[0]?.['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: unknown } }> | undefined;
  const estimate = doc?.[0]?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' && Number.isFinite(estimate) ? estimate : undefined;
}

/** Rows in articles as of the last ANALYZE (0 when never analysed). */
async function tableRows(db: Db): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'articles'::regclass`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A search hit as the database reads it: the dates as Date or text. */
type SearchRow = Omit<ArticleSearchItem, 'date' | 'modified'> & { date: Date | string; modified: Date | string };

function toSearchItem(row: SearchRow): ArticleSearchItem {
  return { id: row.id, title: row.title, date: iso(row.date), modified: iso(row.modified), url: row.url };
}

/** Search results, exact or walked in order (see SearchStrategy); a count of its own only past the last hit. */
async function searchPage(db: Db, match: RawBuilder<unknown>, query: ArticleSearchOptions): Promise<ArticleSearchPage> {
  const visible = query.visibleTo !== undefined ? sql`(a.state = 1 or a.created_by = ${query.visibleTo}::int)` : undefined;
  const where = visible ? [match, visible] : [match];
  const dir = sql.raw(query.sortDir === 'ASC' ? 'asc' : 'desc');
  const order = query.sort === 'title' ? sql`a.title ${dir}, a.id ${dir}` : sql`a.modified ${dir}, a.id ${dir}`;
  const strategy = query.strategy ?? 'auto';
  const reach = query.offset + query.limit;

  const rowsInTable = strategy === 'exact' ? 0 : await tableRows(db);
  if (strategy === 'walk' || (strategy === 'auto' && rowsInTable >= WALK_FROM_TABLE_ROWS)) {
    let scan = walkRows('title', reach);
    if (strategy === 'auto') {
      // The planner's estimate is good for single words and poor for words that come together
      // ("energy storage": it assumes independence). When it expects too few hits for the long walk
      // to fill the page, a short walk still catches common word pairs (≥ 1 hit in 100 rows).
      const estimate = await estimateHits(db, where);
      if (estimate !== undefined && estimate * scan < reach * rowsInTable) scan = Math.min(scan, reach * SHORT_WALK_ROWS_PER_RESULT);
    }
    // pos: the place of a row in the order, counted before the search condition (how far the walk went).
    const page = await sql<SearchRow & { pos: string | number }>`
      select a.id, a.title, a.date, a.modified, a.url, a.pos from (
        select a.*, row_number() over (order by ${order}) as pos from (
          select a.id, a.title, a.date, a.modified, a.url, a.search_vector, a.state, a.created_by
          from articles a order by ${order} limit ${scan}::int
        ) a
      ) a
      ${whereClause(where)}
      order by ${order} limit ${query.limit}::int offset ${query.offset}::int
    `.execute(db);
    if (page.rows.length === query.limit) {
      const walked = Number(page.rows[page.rows.length - 1]?.pos ?? reach);
      return { total: estimateFromWalk(reach, walked, rowsInTable), totalIsEstimate: true, items: page.rows.map(toSearchItem) };
    }
    // Fewer hits within the walk than the page needs: collect them all instead (exact).
  }

  const page = await sql<SearchRow & { total: string | number }>`
    with hits as materialized (select a.id, a.title, a.date, a.modified, a.url from articles a ${whereClause(where)})
    select a.*, count(*) over () as total from hits a
    order by ${order} limit ${query.limit}::int offset ${query.offset}::int
  `.execute(db);
  let total = Number(page.rows[0]?.total ?? 0);
  if (page.rows.length === 0 && query.offset > 0) {
    const { rows } = await sql<{ total: string | number }>`select count(*) as total from articles a ${whereClause(where)}`.execute(db);
    total = Number(rows[0]?.total ?? 0);
  }
  return { total, totalIsEstimate: false, items: page.rows.map(toSearchItem) };
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
async function listPage(db: Db, query: ArticleListQuery): Promise<ArticleListPage> {
  const walkable = query.filter.search !== undefined || (query.filter.authorIds !== undefined && query.filter.authorIds.length > 1);
  const strategy = query.strategy ?? 'auto';
  if (
    walkable &&
    strategy !== 'exact' &&
    query.sort !== 'submitter' &&
    query.filter.categoryIds?.length !== 0 &&
    query.filter.authorIds?.length !== 0
  ) {
    // One round trip for the table's size and id range (the window needs it; cheap: statistics and two index ends).
    const shape = await tableShape(db);
    if (strategy === 'walk' || shape.rowsInTable >= (query.walk?.fromTableRows ?? WALK_FROM_TABLE_ROWS)) {
      const walked = await listByWalk(db, query, query.sort, shape);
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
  if (query.offset < REVERSE_FROM_OFFSET) {
    const [page, total] = await Promise.all([
      pageQuery(query, query.sortDir, query.offset, query.limit).execute(db),
      countArticles(db, query.filter),
    ]);
    return { total, totalIsEstimate: false, items: page.rows.map(toListItem) };
  }
  // Deep pages (the "last page" arrow): with the total known, a page in the second half is read
  // from the other end, so the database walks total - offset rows instead of offset rows.
  const total = await countArticles(db, query.filter);
  if (query.offset >= total) return { total, totalIsEstimate: false, items: [] };
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

export const articlesRepository = {
  list: listPage,

  /** How many articles are in the trash: all of them, or those `createdBy` created (exact, from the counters). */
  trashCount(db: Db, createdBy?: number): Promise<number> {
    return countArticles(db, { createdBy, state: TRASH_STATE });
  },

  /** The ids of a category and all its descendants (empty when the category does not exist). */
  async categorySubtree(db: Db, categoryId: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      with recursive sub(id) as (
        select id from categories where id = ${categoryId}::int
        union
        select c.id from categories c join sub on c.parent_id = sub.id
      )
      select id from sub order by id
    `.execute(db);
    return rows.map((row) => row.id);
  },

  /** Authors whose name contains `name` (any letter case). */
  async authorIdsByName(db: Db, name: string): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      select id from authors where name ilike ${`%${escapeLike(name)}%`} order by id
    `.execute(db);
    return rows.map((row) => row.id);
  },

  /** Full-text search (websearch syntax, English) over title + introtext. */
  async search(db: Db, term: string, query: ArticleSearchOptions): Promise<ArticleSearchPage> {
    return searchPage(db, sql`a.search_vector @@ websearch_to_tsquery('english', ${term})`, query);
  },

  /** Titles containing every word (any letter case), through the trigram index on title. */
  async searchTitle(db: Db, words: string[], query: ArticleSearchOptions): Promise<ArticleSearchPage> {
    const match = sql.join(
      words.map((word) => sql`a.title ilike ${`%${escapeLike(word)}%`}`),
      sql` and `,
    );
    return searchPage(db, sql`(${match})`, query);
  },

  /** The article's current state and flags; `lock` takes a row lock until the transaction ends. */
  async find(db: Db, id: number, options: { lock?: boolean } = {}): Promise<ArticleRecord | undefined> {
    let select = db
      .selectFrom('articles')
      .select(['id', 'state', 'created_by', 'access', 'featured', 'newsletter', 'version', 'modified', 'trashed_from'])
      .where('id', '=', id);
    if (options.lock) select = select.forUpdate();
    const row = await select.executeTakeFirst();
    return row ? toRecord(row) : undefined;
  },

  /** Sets one field and bumps version and modified; moving to the trash remembers the state it left (restore brings it back). */
  async setField(db: Db, id: number, field: 'state' | 'access' | 'featured' | 'newsletter', value: number): Promise<ArticleRecord> {
    bumpArticleGeneration();
    const trashedFrom =
      field === 'state'
        ? { trashed_from: value === TRASH_STATE ? sql`case when state = ${TRASH_STATE}::int then trashed_from else state end` : null }
        : {};
    const row = await db
      .updateTable('articles')
      .set({ [field]: value, ...trashedFrom, version: sql`version + 1`, modified: sql`now()` } as never)
      .where('id', '=', id)
      .returning(['id', 'state', 'created_by', 'access', 'featured', 'newsletter', 'version', 'modified', 'trashed_from'])
      .executeTakeFirstOrThrow();
    return toRecord(row);
  },

  /** Deletes the article for good (its links go with it). */
  async purge(db: Db, id: number): Promise<boolean> {
    bumpArticleGeneration();
    const result = await db.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};

function toRecord(row: {
  id: number;
  state: number;
  created_by: number | null;
  access: number;
  featured: number;
  newsletter: number;
  version: number;
  modified: Date;
  trashed_from?: number | null;
}): ArticleRecord {
  return {
    id: row.id,
    trashedFrom: row.trashed_from ?? null,
    state: row.state,
    createdBy: row.created_by,
    access: row.access,
    featured: row.featured,
    newsletter: row.newsletter,
    version: row.version,
    modified: iso(row.modified),
  };
}

import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { bumpArticleGeneration } from '../lib/article-generation';

export const ARTICLE_PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export type ArticleSort = 'id' | 'title' | 'submitter';
export type SearchSort = 'title' | 'modified';
export type SortDirection = 'ASC' | 'DESC';

/** States the portal names; the status filter's "Other" (-1) is every state not in this list. */
export const NAMED_STATES = [0, 1, 4, 5, -2] as const;

/** An item of GET /api/portal/articles (spec section 3, "Article list item"). */
export interface ArticleListItem {
  id: number;
  title: string;
  catid: number | null;
  date: string;
  /** URL of the main image's thumbnail, or null. */
  thumb: string | null;
  /** The title of the main category, or null. */
  main_category: string | null;
  url: string;
  articleType: string;
  featured: number;
  state: number;
  createdBy: number | null;
  /** The submitter's name ("unknown" when the user is gone). */
  author: string;
  access: number;
  newsletter: number;
}

/** The list filter once the route has read and checked the query (spec "Article search filter"). */
export interface ArticleFilter {
  /** Only articles this user created (the `user` filter, or a user without view_all_articles). */
  createdBy?: number | undefined;
  /** catid in these ids (a category and its descendants); an empty list matches nothing. */
  categoryIds?: number[] | undefined;
  /** A state, or 'other': any state the portal does not name. */
  state?: number | 'other' | undefined;
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
}

/** An item of the two search calls. */
export interface ArticleSearchItem {
  id: number;
  title: string;
  date: string;
  modified: string;
  url: string;
}

export interface ArticleSearchQuery {
  limit: number;
  offset: number;
  sort: SearchSort;
  sortDir: SortDirection;
  /** Users without view_all_articles: published articles and their own. */
  visibleTo?: number | undefined;
  /** How to read the page (default auto; the others are for tests and the bench). */
  strategy?: SearchStrategy | undefined;
}

/** What the update calls read and return. */
export interface ArticleRecord {
  id: number;
  state: number;
  createdBy: number | null;
  access: number;
  featured: number;
  newsletter: number;
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
  if (filter.state === 'other') where.push(sql`a.state not in (${intList(NAMED_STATES)})`);
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
  if (filter.search === undefined && filter.authorIds === undefined) {
    const where: RawBuilder<unknown>[] = [];
    if (filter.createdBy !== undefined) where.push(sql`c.created_by = ${filter.createdBy}::int`);
    if (filter.categoryIds !== undefined) where.push(sql`c.catid in (${intList(filter.categoryIds)})`);
    if (filter.state === 'other') where.push(sql`c.state not in (${intList(NAMED_STATES)})`);
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
}

const LIST_COLUMNS = sql`a.id, a.title, a.catid, a.date, a.thumb, a.url, a.article_type, a.featured, a.state,
  a.created_by, a.access, a.newsletter, a.main_category_id`;

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
 * (WALK_ROWS_PER_RESULT per row wanted, so it succeeds when at least 1 in 400 articles is a hit;
 * only 100 per row when the planner's estimate says the hits are rarer than that);
 * when that fills the page, that is the answer, else (a rarer term, or hits clustered away from the
 * start of the order) it collects the hits: exact total, cheap because they are few (or slow as
 * before when they are many but clustered). Smaller tables are always collected (exact).
 */
export type SearchStrategy = 'auto' | 'exact' | 'walk';

/** Below this many articles, auto always collects (exact totals; cheap anyway). */
export const WALK_FROM_TABLE_ROWS = 20_000;
/** A walk reads up to this many rows per row of the page it must fill (offset + limit) … */
const WALK_ROWS_PER_RESULT = 400;
/** … or this many when the planner expects the hits to be too rare for that (see searchPage) … */
const WALK_SHORT_ROWS_PER_RESULT = 100;
/** … at least this many … */
const WALK_MIN_ROWS = 8_000;
/** … and at most this many. */
const WALK_MAX_ROWS = 50_000;

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
  const { rows } = await sql<{ n: number | string }>`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'articles'::regclass`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

type SearchRow = { id: number; title: string; date: Date | string; modified: Date | string; url: string };

function toSearchItem(row: SearchRow): ArticleSearchItem {
  return { id: row.id, title: row.title, date: iso(row.date), modified: iso(row.modified), url: row.url };
}

/** Search results, exact or walked in order (see SearchStrategy); a count of its own only past the last hit. */
async function searchPage(
  db: Db,
  match: RawBuilder<unknown>,
  query: ArticleSearchQuery,
): Promise<{ items: ArticleSearchItem[]; total: number }> {
  const visible = query.visibleTo !== undefined ? sql`(a.state = 1 or a.created_by = ${query.visibleTo}::int)` : undefined;
  const where = visible ? [match, visible] : [match];
  const dir = sql.raw(query.sortDir === 'ASC' ? 'asc' : 'desc');
  const order = query.sort === 'title' ? sql`a.title ${dir}, a.id ${dir}` : sql`a.modified ${dir}, a.id ${dir}`;
  const strategy = query.strategy ?? 'auto';
  const reach = query.offset + query.limit;

  const rowsInTable = strategy === 'exact' ? 0 : await tableRows(db);
  if (strategy === 'walk' || (strategy === 'auto' && rowsInTable >= WALK_FROM_TABLE_ROWS)) {
    let scan = Math.min(Math.max(WALK_MIN_ROWS, reach * WALK_ROWS_PER_RESULT), Math.max(WALK_MAX_ROWS, reach));
    if (strategy === 'auto') {
      // The planner's estimate is good for single words and poor for words that come together
      // ("energy storage": it assumes independence). When it expects too few hits for the long walk
      // to fill the page, a short walk still catches common word pairs (≥ 1 hit in 100 rows).
      const estimate = await estimateHits(db, where);
      if (estimate !== undefined && estimate * scan < reach * rowsInTable) scan = Math.min(scan, reach * WALK_SHORT_ROWS_PER_RESULT);
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
      const estimate = Math.round((reach / Math.max(walked, 1)) * rowsInTable);
      return { total: Math.max(estimate, reach), items: page.rows.map(toSearchItem) };
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
  return { total, items: page.rows.map(toSearchItem) };
}

export const articlesRepository = {
  async list(db: Db, query: ArticleListQuery): Promise<{ items: ArticleListItem[]; total: number }> {
    let bounded = query.filter.search !== undefined;
    if (!bounded && query.filter.authorIds !== undefined && query.filter.authorIds.length > 1) {
      const { rows } = await sql<{ n: string | number }>`
        select count(distinct article_id) as n from article_authors where author_id in (${intList(query.filter.authorIds)})
      `.execute(db);
      bounded = Number(rows[0]?.n ?? 0) <= BOUNDED_AUTHOR_ARTICLES;
    }
    if (bounded) {
      const page = await boundedPageQuery(query).execute(db);
      const total = page.rows.length > 0 ? Number(page.rows[0]?.total) : query.offset > 0 ? await countArticles(db, query.filter) : 0;
      return { total, items: page.rows.map(toListItem) };
    }
    if (query.offset < REVERSE_FROM_OFFSET) {
      const [page, total] = await Promise.all([
        pageQuery(query, query.sortDir, query.offset, query.limit).execute(db),
        countArticles(db, query.filter),
      ]);
      return { total, items: page.rows.map(toListItem) };
    }
    // Deep pages (the "last page" arrow): with the total known, a page in the second half is read
    // from the other end, so the database walks total - offset rows instead of offset rows.
    const total = await countArticles(db, query.filter);
    if (query.offset >= total) return { total, items: [] };
    const remaining = total - query.offset;
    if (query.offset <= remaining) {
      const page = await pageQuery(query, query.sortDir, query.offset, query.limit).execute(db);
      return { total, items: page.rows.map(toListItem) };
    }
    const limit = Math.min(query.limit, remaining);
    const reversed = query.sortDir === 'ASC' ? 'DESC' : 'ASC';
    const page = await pageQuery(query, reversed, remaining - limit, limit).execute(db);
    return { total, items: page.rows.map(toListItem).reverse() };
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
  async search(db: Db, term: string, query: ArticleSearchQuery): Promise<{ items: ArticleSearchItem[]; total: number }> {
    return searchPage(db, sql`a.search_vector @@ websearch_to_tsquery('english', ${term})`, query);
  },

  /** Titles containing every word (any letter case), through the trigram index on title. */
  async searchTitle(db: Db, words: string[], query: ArticleSearchQuery): Promise<{ items: ArticleSearchItem[]; total: number }> {
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
      .select(['id', 'state', 'created_by', 'access', 'featured', 'newsletter', 'version', 'modified'])
      .where('id', '=', id);
    if (options.lock) select = select.forUpdate();
    const row = await select.executeTakeFirst();
    return row ? toRecord(row) : undefined;
  },

  /** Sets one field and bumps version and modified. */
  async setField(
    db: Db,
    id: number,
    field: 'state' | 'access' | 'featured' | 'newsletter',
    value: number,
  ): Promise<ArticleRecord> {
    bumpArticleGeneration();
    const row = await db
      .updateTable('articles')
      .set({ [field]: value, version: sql`version + 1`, modified: sql`now()` } as never)
      .where('id', '=', id)
      .returning(['id', 'state', 'created_by', 'access', 'featured', 'newsletter', 'version', 'modified'])
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
}): ArticleRecord {
  return {
    id: row.id,
    state: row.state,
    createdBy: row.created_by,
    access: row.access,
    featured: row.featured,
    newsletter: row.newsletter,
    version: row.version,
    modified: iso(row.modified),
  };
}

/** The article searches (full text, title words): a page read by walking the order or by collecting every hit. */
import { sql, type RawBuilder } from 'kysely';
import type { ArticleSearchItem } from 'contracts/schemas/articles';
import { estimateFromWalk, SHORT_WALK_ROWS_PER_RESULT, walkRows, WALK_FROM_TABLE_ROWS } from './articles-list-walk';
import { escapeLike, estimateHits, intList, iso, whereClause, type SortDirection } from './articles-sql';
import type { Db } from '../db/schema';

export type SearchSort = 'title' | 'modified';

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

/** How the repository reads a page of a search (the route turns the API's query into it). */
export interface ArticleSearchOptions {
  limit: number;
  offset: number;
  sort: SearchSort;
  sortDir: SortDirection;
  /** Users without view_all_articles: published articles and their own. */
  visibleTo?: number | undefined;
  /** With visibleTo: also the articles in these categories (a reader whose view_all_articles is scoped); an empty list adds none. */
  visibleIn?: readonly number[] | undefined;
  /** How to read the page (default auto; the others are for tests and the bench). */
  strategy?: SearchStrategy | undefined;
}

/** A page of search results; `totalIsEstimate`: `total` is estimated (a walk), exact otherwise. */
export interface ArticleSearchPage {
  items: ArticleSearchItem[];
  total: number;
  totalIsEstimate: boolean;
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
  const inScope = query.visibleIn?.length ? sql` or a.catid in (${intList(query.visibleIn)})` : sql``;
  const visible = query.visibleTo !== undefined ? sql`(a.state = 1 or a.created_by = ${query.visibleTo}::int${inScope})` : undefined;
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
          select a.id, a.title, a.date, a.modified, a.url, a.search_vector, a.state, a.created_by, a.catid
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

/** Full-text search (websearch syntax, English) over title + introtext. */
export function searchArticles(db: Db, term: string, query: ArticleSearchOptions): Promise<ArticleSearchPage> {
  return searchPage(db, sql`a.search_vector @@ websearch_to_tsquery('english', ${term})`, query);
}

/** Titles containing every word (any letter case), through the trigram index on title. */
export function searchTitles(db: Db, words: string[], query: ArticleSearchOptions): Promise<ArticleSearchPage> {
  const match = sql.join(
    words.map((word) => sql`a.title ilike ${`%${escapeLike(word)}%`}`),
    sql` and `,
  );
  return searchPage(db, sql`(${match})`, query);
}

/**
 * The SQL that reads a page of the article list: through an index in the list's order (pageQuery),
 * every hit collected (boundedPageQuery), a walk of the order (walkPageQuery) or an id window
 * (windowPageQuery); the planning that picks one is in articles-list.ts.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ArticleListItem } from 'contracts/schemas/articles';
import { conditions, iso, whereClause, type ArticleFilter, type SortDirection } from './articles-sql';
import { LAST_STAGE_OF } from './desk-planning';

export type ArticleSort = 'id' | 'title' | 'submitter';

/** A page of the list as the route asks for it. */
export interface ArticleListQuery {
  filter: ArticleFilter;
  limit: number;
  offset: number;
  sort: ArticleSort;
  sortDir: SortDirection;
}

export interface ListRow {
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
  desk_id: number | null;
  stage_id: number | null;
  deadline: Date | string | null;
  planned_slot: Date | string | null;
  target_words: number | null;
  overdue: boolean;
}

/** The list's columns; `overdue` as contracts/rules/planning isOverdue (the last stage is only looked up for a flagged story). */
export const LIST_COLUMNS = sql`a.id, a.title, a.catid, a.date, a.thumb, a.url, a.article_type, a.featured, a.state,
  a.created_by, a.access, a.newsletter, a.main_category_id, a.publish_up, a.publish_up_pending, a.publish_down,
  a.desk_id, a.stage_id, a.deadline, a.planned_slot, a.target_words, a.overdue_at,
  (a.overdue_at is not null and a.stage_id is not null and a.stage_id <> ${LAST_STAGE_OF('a')}) as overdue`;

/**
 * One page in the order (key, id): by id, by title (index articles_title_id_idx) or by submitter.
 * The submitter order joins users, so no index can serve it directly; it is read per user instead
 * (each user's first offset+limit rows through articles_created_by_idx, a few dozen users at most),
 * merged and cut, which gives the same rows as sorting everything.
 */
export function pageQuery(query: ArticleListQuery, direction: SortDirection, offset: number, limit: number): RawBuilder<ListRow> {
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
export function boundedPageQuery(query: ArticleListQuery): RawBuilder<ListRow & { total: string | number }> {
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
export function walkPageQuery(
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
export function windowPageQuery(query: ArticleListQuery, bound: number): RawBuilder<ListRow & { window_hits: string | number }> {
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

export function toListItem(row: ListRow): ArticleListItem {
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
    desk_id: row.desk_id,
    stage_id: row.stage_id,
    // The assignees are read for the page alone, after it (articles.ts withAssignees).
    assignees: [],
    deadline: row.deadline === null ? null : iso(row.deadline),
    planned_slot: row.planned_slot === null ? null : iso(row.planned_slot),
    target_words: row.target_words,
    overdue: Boolean(row.overdue),
  };
}

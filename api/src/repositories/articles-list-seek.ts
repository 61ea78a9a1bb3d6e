/**
 * Deep pages of the article list by keyset (seek) instead of OFFSET, inside the planner
 * (articles-list.ts): the request still says offset N, but the page is read as "the rows after the key
 * of row N-1" through the index in the list's order (id, or title + id), so it costs what the first
 * page costs. The key of row N-1 (a boundary) comes from:
 * - the boundary cache: the keys seen at page ends and boundaries found before, per filter and order,
 *   valid only at the list generation (migration 0028) they were read at;
 * - else a skip that reads only the key columns (an index-only scan of the order's index when the
 *   filter needs no other column) from the nearest cached boundary, or from the nearer end of the list.
 * Every statement reads the generation in its own snapshot; a page is used only when it saw the
 * generation its boundary was read at, so no write can have moved a row between boundary and page,
 * and the rows are the ones OFFSET would give. Otherwise the caller reads by offset.
 */
import { sql, type RawBuilder } from 'kysely';
import { LRUCache } from 'lru-cache';
import { LIST_COLUMNS, type ArticleListQuery, type ListRow } from './articles-list-queries';
import { conditions, whereClause } from './articles-sql';
import type { Db } from '../db/schema';

/** A list row's place in the list's order: its id, and its title in title order (else null). */
export type SeekKey = Pick<ListRow, 'id'> & { title: ListRow['title'] | null };

interface Boundaries {
  generation: string;
  /** position p → key of the row at index p - 1 (the page at offset p starts after it). */
  keys: Map<number, SeekKey>;
}

/** Boundaries kept per filter and order; old ones go first. */
const MAX_LISTS = 500;
const MAX_BOUNDARIES_PER_LIST = 64;

/** One cache per database handle (tests open many). */
const caches = new WeakMap<object, LRUCache<string, Boundaries>>();

function cacheFor(db: Db): LRUCache<string, Boundaries> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Boundaries>({ max: MAX_LISTS });
    caches.set(db, cache);
  }
  return cache;
}

/** The filter and order as a stable string (key order does not matter). */
function listKey(query: ArticleListQuery): string {
  const filter = Object.entries(query.filter)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([query.sort, query.sortDir, filter]);
}

type SeekSort = 'id' | 'title';

function orderBy(t: string, sort: SeekSort, descending: boolean): RawBuilder<unknown> {
  const x = sql.raw(t);
  const dir = sql.raw(descending ? 'desc' : 'asc');
  return sort === 'title' ? sql`${x}.title ${dir}, ${x}.id ${dir}` : sql`${x}.id ${dir}`;
}

/** Rows after `key` in the order (descending: smaller keys), through the order's index. */
function after(sort: SeekSort, descending: boolean, key: SeekKey): RawBuilder<unknown> {
  const op = sql.raw(descending ? '<' : '>');
  return sort === 'title' ? sql`(a.title, a.id) ${op} (${key.title}::text, ${key.id}::int)` : sql`a.id ${op} ${key.id}::int`;
}

const GENERATION = sql`(select generation::text from article_list_generation where id = 1)`;

/**
 * The key of the row `skip` rows after `from` (or after the start) in the given direction, with the
 * generation of the same snapshot. Only key columns are read, so without other filter columns the
 * order's index answers alone (index-only scan).
 */
async function skipTo(
  db: Db,
  query: ArticleListQuery,
  descending: boolean,
  from: SeekKey | undefined,
  skip: number,
): Promise<{ key: SeekKey; generation: string } | undefined> {
  const sort = query.sort as SeekSort;
  const where = [...conditions(query.filter), ...(from ? [after(sort, descending, from)] : [])];
  const title = sort === 'title' ? sql`a.title` : sql`null::text`;
  const { rows } = await sql<{ id: number; title: string | null; generation: string }>`
    select k.*, ${GENERATION} as generation from (
      select a.id, ${title} as title from articles a ${whereClause(where)}
      order by ${orderBy('a', sort, descending)} offset ${skip}::int limit 1
    ) k
  `.execute(db);
  const row = rows[0];
  return row ? { key: { id: row.id, title: row.title }, generation: String(row.generation) } : undefined;
}

/** The page after `key`, with the generation its snapshot saw (undefined when it has no rows). */
async function pageAfter(
  db: Db,
  query: ArticleListQuery,
  key: SeekKey | undefined,
  skip: number,
): Promise<{ rows: ListRow[]; generation: string | undefined }> {
  const sort = query.sort as SeekSort;
  const descending = query.sortDir === 'DESC';
  const where = [...conditions(query.filter), ...(key ? [after(sort, descending, key)] : [])];
  const { rows } = await sql<ListRow & { generation: string }>`
    select p.*, u.name as author, mc.title as main_category, ${GENERATION} as generation
    from (select ${LIST_COLUMNS} from articles a ${whereClause(where)} order by ${orderBy('a', sort, descending)}
      limit ${query.limit}::int offset ${skip}::int) p
    left join users u on u.id = p.created_by
    left join categories mc on mc.id = p.main_category_id
    order by ${orderBy('p', sort, descending)}
  `.execute(db);
  return { rows, generation: rows[0]?.generation };
}

/** The nearest cached boundary at or before `offset` (position 0: the start, no key). */
function nearest(boundaries: Boundaries | undefined, offset: number): { position: number; key: SeekKey | undefined } {
  let best: { position: number; key: SeekKey | undefined } = { position: 0, key: undefined };
  for (const [position, key] of boundaries?.keys ?? []) {
    if (position <= offset && position > best.position) best = { position, key };
  }
  return best;
}

function remember(db: Db, list: string, generation: string, position: number, key: SeekKey): void {
  const cache = cacheFor(db);
  let boundaries = cache.get(list);
  if (!boundaries || boundaries.generation !== generation) {
    boundaries = { generation, keys: new Map() };
    cache.set(list, boundaries);
  }
  boundaries.keys.delete(position);
  boundaries.keys.set(position, key);
  if (boundaries.keys.size > MAX_BOUNDARIES_PER_LIST) boundaries.keys.delete(boundaries.keys.keys().next().value as number);
}

function keyOf(row: ListRow): SeekKey {
  return { id: row.id, title: row.title };
}

/** A skip this short from a cached boundary goes straight into the page query (no separate skip). */
const INLINE_SKIP = 200;

/**
 * The page at `query.offset` by seek (sort id or title; `total` the exact count under the filter,
 * `offset` < `total`), or undefined when a write moved the list meanwhile (the caller reads by offset).
 */
export async function seekPage(db: Db, query: ArticleListQuery, total: number): Promise<ListRow[] | undefined> {
  if (query.sort === 'submitter') return undefined;
  const list = listKey(query);
  const cached = cacheFor(db).get(list);
  const near = nearest(cached, query.offset);
  let key = near.key;
  let skip = query.offset - near.position;
  let generation = near.key ? cached?.generation : undefined;
  if (skip > INLINE_SKIP) {
    // The boundary (row offset - 1) found by reading keys only: forward from the cached boundary, or
    // backward from the far end when that is nearer (total - offset rows instead of offset rows).
    const descending = query.sortDir === 'DESC';
    const fromEnd = total - query.offset;
    const found =
      fromEnd < skip ? await skipTo(db, query, !descending, undefined, fromEnd) : await skipTo(db, query, descending, key, skip - 1);
    if (!found || (generation !== undefined && found.generation !== generation)) return undefined;
    key = found.key;
    skip = 0;
    generation = found.generation;
    remember(db, list, generation, query.offset, key);
  }
  const page = await pageAfter(db, query, key, skip);
  if (page.generation === undefined || (generation !== undefined && page.generation !== generation)) {
    cacheFor(db).delete(list);
    return undefined;
  }
  const last = page.rows[page.rows.length - 1];
  if (last) remember(db, list, page.generation, query.offset + page.rows.length, keyOf(last));
  return page.rows;
}

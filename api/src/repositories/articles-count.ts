/** Totals of the article list: exact from the count tables or indexes, or a capped count of an estimate. */
import { KNOWN_STATES } from 'contracts/rules/article-state';
import { sql, type RawBuilder } from 'kysely';
import { COUNT_CAP, totalFromCappedCount, worthCounting } from './articles-list-walk';
import { conditions, intList, TRASH_STATE, whereClause, type ArticleFilter } from './articles-sql';
import type { Db } from '../db/schema';

/**
 * The total under the filter, exact, without counting a million articles where it can:
 * - category / status / featured (no submitter): summed from article_totals, one row per
 *   (catid, state, featured), kept by triggers: a few hundred rows at most;
 * - with a submitter (the user filter, or a user without view_all_articles): from article_counts,
 *   one row per (created_by, catid, state, featured), read through its primary key prefix;
 * - author alone: counted in the link table (index-only on article_authors (author_id, article_id));
 * - free text, or author with other filters: counted over the articles through their indexes.
 */
export async function countArticles(db: Db, filter: ArticleFilter): Promise<number> {
  if (filter.categoryIds?.length === 0 || filter.authorIds?.length === 0) return 0;
  if (filter.search === undefined && filter.authorIds === undefined && filter.state !== 'scheduled' && filter.planning === undefined) {
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

/** Rows in articles (statistics) and the id range (two ends of the primary key). */
export async function tableShape(db: Db): Promise<{ rowsInTable: number; minId: number; maxId: number }> {
  const { rows } = await sql<{ n: number | string; min_id: number | null; max_id: number | null }>`
    select (select greatest(reltuples, 0)::float8 from pg_class where oid = 'articles'::regclass) as n,
      (select min(id) from articles) as min_id, (select max(id) from articles) as max_id
  `.execute(db);
  const row = rows[0];
  return { rowsInTable: Number(row?.n ?? 0), minId: Number(row?.min_id ?? 0), maxId: Number(row?.max_id ?? 0) };
}

/** An estimated total, replaced by a capped count when it is small (exact under COUNT_CAP). */
export async function settleTotal(db: Db, filter: ArticleFilter, estimate: number): Promise<{ total: number; totalIsEstimate: boolean }> {
  if (!worthCounting(estimate)) return { total: estimate, totalIsEstimate: true };
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from (select 1 from articles a ${whereClause(conditions(filter))} limit ${COUNT_CAP + 1}::int) x
  `.execute(db);
  const { total, estimated } = totalFromCappedCount(Number(rows[0]?.n ?? 0), estimate);
  return { total, totalIsEstimate: estimated };
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const ARTICLE_PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export type ArticleSort = 'id' | 'title' | 'submitter';
export type SortDirection = 'ASC' | 'DESC';

/** An item of GET /api/portal/articles (spec section 3, "Article list item"). */
export interface ArticleListItem {
  id: number;
  title: string;
  catid: number | null;
  date: string;
  state: number;
  access: number;
  featured: number;
  newsletter: number;
  createdBy: number | null;
  /** The submitter's name ("unknown" when the user is gone). */
  author: string;
  url: string;
}

export interface ArticleListQuery {
  limit: number;
  offset: number;
  sort: ArticleSort;
  sortDir: SortDirection;
  /** Only the articles this user created (users without view_all_articles). */
  createdBy?: number | undefined;
}

export const articlesRepository = {
  async list(db: Kysely<Database>, query: ArticleListQuery): Promise<{ items: ArticleListItem[]; total: number }> {
    let base = db.selectFrom('articles as a').leftJoin('users as u', 'u.id', 'a.created_by');
    if (query.createdBy !== undefined) base = base.where('a.created_by', '=', query.createdBy);

    const direction = query.sortDir === 'ASC' ? 'asc' : 'desc';
    let page = base.select([
      'a.id',
      'a.title',
      'a.catid',
      'a.date',
      'a.state',
      'a.access',
      'a.featured',
      'a.newsletter',
      'a.created_by',
      'a.url',
      'u.name as author',
    ]);
    if (query.sort === 'title') page = page.orderBy('a.title', direction);
    if (query.sort === 'submitter') page = page.orderBy(sql`coalesce(u.name, '')`, direction);
    page = page.orderBy('a.id', direction).limit(query.limit).offset(query.offset);

    const [rows, count] = await Promise.all([
      page.execute(),
      base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: count.total,
      items: rows.map((row) => ({
        id: row.id,
        title: row.title,
        catid: row.catid,
        date: new Date(row.date).toISOString(),
        state: row.state,
        access: row.access,
        featured: row.featured,
        newsletter: row.newsletter,
        createdBy: row.created_by,
        author: row.author ?? 'unknown',
        url: row.url,
      })),
    };
  },
};

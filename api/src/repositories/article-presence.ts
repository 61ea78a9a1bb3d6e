import { sql } from 'kysely';
import type { DbRoot } from '../db/schema';

export interface LiveLockRow {
  articleId: number;
  createdBy: number | null;
  /** The category the article's scope is decided by (coalesce(catid, main_category_id)). */
  categoryId: number | null;
  userId: number;
  name: string;
  since: Date;
  renewedAt: Date;
}

export const articlePresenceRepository = {
  /**
   * The edit locks renewed after `renewedAfter` (the live ones), with each article's owner for the
   * rights check; `ownedBy` limits them to one user's articles (who may see only their own).
   */
  async liveLocks(db: DbRoot, renewedAfter: Date, ownedBy?: number): Promise<LiveLockRow[]> {
    let query = db
      .selectFrom('article_locks as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .innerJoin('articles as a', 'a.id', 'l.article_id')
      .select(['l.article_id', 'a.created_by', 'l.user_id', 'u.name', 'l.since', 'l.renewed_at'])
      .select(sql<number | null>`coalesce(a.catid, a.main_category_id)`.as('category_id'))
      .where('l.renewed_at', '>', renewedAfter)
      .orderBy('l.article_id');
    if (ownedBy !== undefined) query = query.where('a.created_by', '=', ownedBy);
    const rows = await query.execute();
    return rows.map((row) => ({
      articleId: row.article_id,
      createdBy: row.created_by,
      categoryId: row.category_id,
      userId: row.user_id,
      name: row.name,
      since: new Date(row.since),
      renewedAt: new Date(row.renewed_at),
    }));
  },
};

/** The SQL of scoped roles: where an article sits in the category tree (contracts/rules/rights.ts). */
import { sql } from 'kysely';
import type { Db } from '../db/schema';

/** Categories nest a few levels (spec: up to three); the walk stops well past that on a cycle. */
const MAX_DEPTH = 20;

export const articleScopeRepository = {
  /**
   * The category an article's scope is decided by: its category (catid, which lies under its main
   * category: the editor saves the main category when none is chosen), else its main category; null:
   * none (or no such article). The list's category filter reads the same column.
   */
  async categoryOf(db: Db, articleId: number): Promise<number | null> {
    const row = await db
      .selectFrom('articles')
      .select(sql<number | null>`coalesce(catid, main_category_id)`.as('category'))
      .where('id', '=', articleId)
      .executeTakeFirst();
    return row?.category ?? null;
  },

  /** The ancestor path of a category: itself first, then its parent, … up to the root; [] for none or an unknown id. */
  async ancestorPath(db: Db, categoryId: number | null): Promise<number[]> {
    if (categoryId === null) return [];
    const paths = await this.ancestorPaths(db, [categoryId]);
    return paths.get(categoryId) ?? [];
  },

  /** The ancestor paths of several categories (the rows of a list page), by id. */
  async ancestorPaths(db: Db, categoryIds: readonly number[]): Promise<Map<number, number[]>> {
    const ids = [...new Set(categoryIds)];
    const paths = new Map<number, number[]>();
    if (ids.length === 0) return paths;
    const { rows } = await sql<{ start: number; id: number; depth: number }>`
      with recursive up(start, id, parent_id, depth) as (
        select id, id, parent_id, 0 from categories where id = any(${ids}::int[])
        union all
        select up.start, c.id, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < ${MAX_DEPTH}::int
      )
      select start, id, depth from up order by start, depth
    `.execute(db);
    for (const row of rows) {
      const path = paths.get(row.start) ?? [];
      path.push(row.id);
      paths.set(row.start, path);
    }
    return paths;
  },

  /** Every category under the subtree roots (the roots included), in id order. */
  async subtrees(db: Db, roots: readonly number[]): Promise<number[]> {
    if (roots.length === 0) return [];
    const { rows } = await sql<{ id: number }>`
      with recursive sub(id, depth) as (
        select id, 0 from categories where id = any(${[...roots]}::int[])
        union
        select c.id, sub.depth + 1 from categories c join sub on c.parent_id = sub.id where sub.depth < ${MAX_DEPTH}::int
      )
      select distinct id from sub order by id
    `.execute(db);
    return rows.map((row) => row.id);
  },

  /** The ids of `ids` that are no category. */
  async unknownCategories(db: Db, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('categories')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    const known = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !known.has(id));
  },
};

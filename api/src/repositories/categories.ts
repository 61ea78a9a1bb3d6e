import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A node of GET /api/categories/tree. */
export interface CategoryNode {
  id: number;
  title: string;
  alias: string;
  colour: string | null;
  parent_id: number | null;
  enabled: number;
  /** 1 for a root (id 8), 2 for its children (the main sections), and so on. */
  level: number;
  leaf: boolean;
  selected: boolean;
  subcategories: CategoryNode[];
}

export const categoriesRepository = {
  /** The category forest, children ordered by `ordering` then title. Disabled categories (and their subtrees) only when asked. */
  async tree(db: Kysely<Database>, options: { includeDisabled?: boolean } = {}): Promise<CategoryNode[]> {
    const rows = await db
      .selectFrom('categories')
      .select(['id', 'title', 'alias', 'colour', 'parent_id', 'enabled', 'ordering'])
      .orderBy('ordering')
      .orderBy('title')
      .orderBy('id')
      .execute();
    const children = new Map<number | null, typeof rows>();
    const ids = new Set(rows.map((row) => row.id));
    for (const row of rows) {
      // A parent that no longer exists makes the row a root rather than losing it.
      const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
      const list = children.get(parent) ?? [];
      list.push(row);
      children.set(parent, list);
    }
    const build = (parent: number | null, level: number, seen: Set<number>): CategoryNode[] =>
      (children.get(parent) ?? [])
        .filter((row) => (options.includeDisabled || row.enabled === 1) && !seen.has(row.id))
        .map((row) => {
          const subcategories = build(row.id, level + 1, new Set(seen).add(row.id));
          return {
            id: row.id,
            title: row.title,
            alias: row.alias,
            colour: row.colour,
            parent_id: row.parent_id,
            enabled: row.enabled,
            level,
            leaf: subcategories.length === 0,
            selected: false,
            subcategories,
          };
        });
    return build(null, 1, new Set());
  },
};

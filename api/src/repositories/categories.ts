import { sql } from 'kysely';
import type { DbRoot } from '../db/schema';
import type { CategoryNode, CategoryRecord as CategoryAnswer } from 'contracts/schemas/categories';

export type { CategoryNode };

export const categoriesRepository = {
  /** The category forest, children ordered by `ordering` then title. Disabled categories (and their subtrees) only when asked. */
  async tree(db: DbRoot, options: { includeDisabled?: boolean } = {}): Promise<CategoryNode[]> {
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

/** One stored category, as GET /api/v2/portal/category/{id} reads it. */
export type CategoryRecord = Pick<CategoryAnswer, 'id' | 'title' | 'alias' | 'colour' | 'parent_id' | 'enabled' | 'ordering' | 'version'>;

/** What a category's save writes. */
export type CategoryChanges = Pick<CategoryRecord, 'title' | 'alias' | 'colour' | 'parent_id' | 'ordering'>;

const RECORD_COLUMNS = ['id', 'title', 'alias', 'colour', 'parent_id', 'enabled', 'ordering', 'version'] as const;

/** The SQLSTATE of a unique violation (the per-parent alias index, migration 0007). */
export const UNIQUE_VIOLATION = '23505';

export const categoriesManageRepository = {
  /**
   * Serialises category writes (create, update, move, delete) for the transaction, so two of them
   * can't build a cycle or pass the level limit together. Reads and article writes are not blocked.
   */
  async lockForChanges(trx: DbRoot): Promise<void> {
    await sql`lock table categories in share row exclusive mode`.execute(trx);
  },

  async find(db: DbRoot, id: number, options: { lock?: boolean } = {}): Promise<CategoryRecord | undefined> {
    let query = db
      .selectFrom('categories')
      .select([...RECORD_COLUMNS])
      .where('id', '=', id);
    if (options.lock) query = query.forUpdate();
    return query.executeTakeFirst();
  },

  /** Every (id, parent_id, title): the tree's shape, for level and cycle checks. */
  async links(db: DbRoot): Promise<Array<{ id: number; parent_id: number | null; title: string }>> {
    return db.selectFrom('categories').select(['id', 'parent_id', 'title']).execute();
  },

  /** The category under `parentId` whose alias is `alias` (any letter case), other than `exceptId`. */
  async findByAlias(db: DbRoot, parentId: number | null, alias: string, exceptId?: number): Promise<CategoryRecord | undefined> {
    let query = db
      .selectFrom('categories')
      .select([...RECORD_COLUMNS])
      .where(sql<number>`coalesce(parent_id, 0)`, '=', parentId ?? 0)
      .where(sql<string>`lower(alias)`, '=', alias.toLowerCase());
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst();
  },

  /** The next `ordering` under a parent (after the last child). */
  async nextOrdering(db: DbRoot, parentId: number): Promise<number> {
    const row = await db
      .selectFrom('categories')
      .select(sql<number>`coalesce(max(ordering), 0) + 1`.as('next'))
      .where('parent_id', '=', parentId)
      .executeTakeFirstOrThrow();
    return Number(row.next);
  },

  /** The children of `parentId` (or the top-level categories for null), in the tree's order. */
  async siblings(db: DbRoot, parentId: number | null): Promise<Array<{ id: number; title: string; ordering: number }>> {
    return (
      db
        .selectFrom('categories')
        .select(['id', 'title', 'ordering'])
        .where(sql<number>`coalesce(parent_id, 0)`, '=', parentId ?? 0)
        // The same order as tree(): a tie on `ordering` falls back to the title, then the id.
        .orderBy('ordering')
        .orderBy('title')
        .orderBy('id')
        .execute()
    );
  },

  /** Writes new `ordering` values in one statement (a move renumbers the siblings 1…n). */
  async setOrderings(db: DbRoot, rows: ReadonlyArray<{ id: number; ordering: number }>): Promise<void> {
    if (rows.length === 0) return;
    const values = sql.join(rows.map((row) => sql`(${row.id}::integer, ${row.ordering}::integer)`));
    await sql`
      update categories set ordering = v.ordering, modified_at = now()
      from (values ${values}) as v(id, ordering)
      where categories.id = v.id
    `.execute(db);
  },

  async insert(db: DbRoot, values: CategoryChanges): Promise<CategoryRecord> {
    return db
      .insertInto('categories')
      .values(values)
      .returning([...RECORD_COLUMNS])
      .executeTakeFirstOrThrow();
  },

  /** Guarded by the version the form loaded (the database bumps it, migration 0013); undefined when it is stale. */
  async update(db: DbRoot, id: number, version: number, values: CategoryChanges): Promise<CategoryRecord | undefined> {
    return db
      .updateTable('categories')
      .set({ ...values, modified_at: sql`now()` })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning([...RECORD_COLUMNS])
      .executeTakeFirst();
  },

  async setEnabled(db: DbRoot, id: number, enabled: 0 | 1): Promise<CategoryRecord | undefined> {
    return db
      .updateTable('categories')
      .set({ enabled, modified_at: sql`now()` })
      .where('id', '=', id)
      .returning([...RECORD_COLUMNS])
      .executeTakeFirst();
  },

  async countChildren(db: DbRoot, id: number): Promise<number> {
    const row = await db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /**
   * Articles that use the category: as their category (`catid`), their main category, or one of
   * their topics (`article_topics`, when that table exists). Each article counts once.
   */
  async countArticles(db: DbRoot, id: number): Promise<number> {
    const tables = await sql<{ topics: boolean; main: boolean }>`
      select to_regclass('article_topics') is not null as topics,
        exists (select 1 from information_schema.columns
                where table_schema = current_schema() and table_name = 'articles' and column_name = 'main_category_id') as main
    `.execute(db);
    const { topics, main } = tables.rows[0] ?? { topics: false, main: false };
    const parts = [sql`select id from articles where catid = ${id}`];
    if (main) parts.push(sql`select id from articles where main_category_id = ${id}`);
    if (topics) parts.push(sql`select article_id from article_topics where category_id = ${id}`);
    const result = await sql<{ count: string | number }>`select count(*) as count from (${sql.join(parts, sql` union `)}) used`.execute(db);
    return Number(result.rows[0]?.count ?? 0);
  },

  async delete(db: DbRoot, id: number): Promise<void> {
    await db.deleteFrom('categories').where('id', '=', id).execute();
  },
};

/** Alias prefix of the generated categories (`npm run seed -w api -- --categories N`), so a new run replaces them. */
export const GENERATED_ALIAS_PREFIX = 'generated-';

/**
 * The shape of `count` generated categories below the root: sections (level 2, one per 200), ten
 * sub-sections per section (level 3) and the rest as leaves (level 4) dealt round-robin to the
 * sub-sections — every level of the tree, within the three-level limit.
 */
export function generatedCategoryShape(count: number): { sections: number; subSections: number; leaves: number } {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a whole number ≥ 0 (got ${count})`);
  const sections = Math.min(count, Math.max(1, Math.ceil(count / 200)));
  const subSections = Math.min(count - sections, sections * 10);
  return { sections, subSections, leaves: count - sections - subSections };
}

const GENERATED_COLOURS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#13c2c2', '#722ed1', '#fadb14', '#f5222d'];

export const categoriesSeedRepository = {
  /** Number of generated categories in the database. */
  async countGenerated(db: DbRoot): Promise<number> {
    const row = await db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('alias', 'like', `${GENERATED_ALIAS_PREFIX}%`)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /**
   * Replaces the generated categories with `count` new ones under the root 8 (benchmarks of the
   * categories screen: e.g. 2,000 for "Expand all"). The demo categories are left alone. Refused by
   * the foreign keys when articles use a generated category.
   */
  async replaceGenerated(db: DbRoot, count: number, rootId = 8): Promise<{ sections: number; subSections: number; leaves: number }> {
    const shape = generatedCategoryShape(count);
    await db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('categories')
        .select(['id', 'parent_id'])
        .where('alias', 'like', `${GENERATED_ALIAS_PREFIX}%`)
        .execute();
      // Children before parents (parent_id restricts deletes): deepest first.
      const oldIds = new Set(old.map((row) => row.id));
      const parentOf = new Map(old.map((row) => [row.id, row.parent_id]));
      const depth = (id: number): number => {
        let levels = 0;
        for (let current = parentOf.get(id); current != null && oldIds.has(current) && levels < 10; current = parentOf.get(current))
          levels += 1;
        return levels;
      };
      const byDepth = new Map<number, number[]>();
      for (const row of old) byDepth.set(depth(row.id), [...(byDepth.get(depth(row.id)) ?? []), row.id]);
      for (const level of [...byDepth.keys()].sort((a, b) => b - a)) {
        await trx
          .deleteFrom('categories')
          .where('id', 'in', byDepth.get(level) as number[])
          .execute();
      }
      if (count === 0) return;

      const first = await trx
        .selectFrom('categories')
        .select(sql<number>`coalesce(max(ordering), 0)`.as('last'))
        .where('parent_id', '=', rootId)
        .executeTakeFirstOrThrow();
      const insert = async (rows: CategoryChanges[]): Promise<number[]> => {
        const ids: number[] = [];
        // In batches: one statement per 500 rows keeps the parameter count well below the limit.
        for (let start = 0; start < rows.length; start += 500) {
          const saved = await trx
            .insertInto('categories')
            .values(rows.slice(start, start + 500))
            .returning('id')
            .execute();
          ids.push(...saved.map((row) => row.id));
        }
        return ids;
      };
      const pad = (n: number) => String(n).padStart(4, '0');
      const sectionIds = await insert(
        Array.from({ length: shape.sections }, (_, index) => ({
          title: `Generated ${pad(index + 1)}`,
          alias: `${GENERATED_ALIAS_PREFIX}${pad(index + 1)}`,
          colour: GENERATED_COLOURS[index % GENERATED_COLOURS.length] as string,
          parent_id: rootId,
          ordering: Number(first.last) + index + 1,
        })),
      );
      const subIds = await insert(
        Array.from({ length: shape.subSections }, (_, index) => {
          const section = index % shape.sections;
          return {
            title: `Generated ${pad(section + 1)}.${Math.floor(index / shape.sections) + 1}`,
            alias: `${GENERATED_ALIAS_PREFIX}${pad(section + 1)}-${Math.floor(index / shape.sections) + 1}`,
            colour: GENERATED_COLOURS[section % GENERATED_COLOURS.length] as string,
            parent_id: sectionIds[section] as number,
            ordering: Math.floor(index / shape.sections) + 1,
          };
        }),
      );
      // With no sub-sections (count ≤ sections) there are no leaves either.
      await insert(
        Array.from({ length: shape.leaves }, (_, index) => {
          const sub = index % shape.subSections;
          const place = Math.floor(index / shape.subSections) + 1;
          return {
            title: `Generated leaf ${index + 1}`,
            alias: `${GENERATED_ALIAS_PREFIX}leaf-${index + 1}`,
            colour: null,
            parent_id: subIds[sub] as number,
            ordering: place,
          };
        }),
      );
    });
    return shape;
  },
};

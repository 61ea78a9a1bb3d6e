import { sql, type Kysely } from 'kysely';
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

/** One stored category, as GET /api/v2/portal/category/{id} reads it. */
export interface CategoryRecord {
  id: number;
  title: string;
  alias: string;
  colour: string | null;
  parent_id: number | null;
  enabled: number;
  ordering: number;
}

export interface CategoryChanges {
  title: string;
  alias: string;
  colour: string | null;
  parent_id: number | null;
  ordering: number;
}

const RECORD_COLUMNS = ['id', 'title', 'alias', 'colour', 'parent_id', 'enabled', 'ordering'] as const;

/** The SQLSTATE of a unique violation (the per-parent alias index, migration 0007). */
export const UNIQUE_VIOLATION = '23505';

export const categoriesManageRepository = {
  /**
   * Serialises category writes (create, update, move, delete) for the transaction, so two of them
   * can't build a cycle or pass the level limit together. Reads and article writes are not blocked.
   */
  async lockForChanges(trx: Kysely<Database>): Promise<void> {
    await sql`lock table categories in share row exclusive mode`.execute(trx);
  },

  async find(db: Kysely<Database>, id: number, options: { lock?: boolean } = {}): Promise<CategoryRecord | undefined> {
    let query = db.selectFrom('categories').select([...RECORD_COLUMNS]).where('id', '=', id);
    if (options.lock) query = query.forUpdate();
    return query.executeTakeFirst();
  },

  /** Every (id, parent_id, title): the tree's shape, for level and cycle checks. */
  async links(db: Kysely<Database>): Promise<Array<{ id: number; parent_id: number | null; title: string }>> {
    return db.selectFrom('categories').select(['id', 'parent_id', 'title']).execute();
  },

  /** The category under `parentId` whose alias is `alias` (any letter case), other than `exceptId`. */
  async findByAlias(db: Kysely<Database>, parentId: number | null, alias: string, exceptId?: number): Promise<CategoryRecord | undefined> {
    let query = db
      .selectFrom('categories')
      .select([...RECORD_COLUMNS])
      .where(sql<number>`coalesce(parent_id, 0)`, '=', parentId ?? 0)
      .where(sql<string>`lower(alias)`, '=', alias.toLowerCase());
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst();
  },

  /** The next `ordering` under a parent (after the last child). */
  async nextOrdering(db: Kysely<Database>, parentId: number): Promise<number> {
    const row = await db
      .selectFrom('categories')
      .select(sql<number>`coalesce(max(ordering), 0) + 1`.as('next'))
      .where('parent_id', '=', parentId)
      .executeTakeFirstOrThrow();
    return Number(row.next);
  },

  async insert(db: Kysely<Database>, values: CategoryChanges): Promise<CategoryRecord> {
    return db.insertInto('categories').values(values).returning([...RECORD_COLUMNS]).executeTakeFirstOrThrow();
  },

  async update(db: Kysely<Database>, id: number, values: CategoryChanges): Promise<CategoryRecord> {
    return db
      .updateTable('categories')
      .set({ ...values, modified_at: sql`now()` })
      .where('id', '=', id)
      .returning([...RECORD_COLUMNS])
      .executeTakeFirstOrThrow();
  },

  async setEnabled(db: Kysely<Database>, id: number, enabled: 0 | 1): Promise<CategoryRecord | undefined> {
    return db
      .updateTable('categories')
      .set({ enabled, modified_at: sql`now()` })
      .where('id', '=', id)
      .returning([...RECORD_COLUMNS])
      .executeTakeFirst();
  },

  async countChildren(db: Kysely<Database>, id: number): Promise<number> {
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
  async countArticles(db: Kysely<Database>, id: number): Promise<number> {
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

  async delete(db: Kysely<Database>, id: number): Promise<void> {
    await db.deleteFrom('categories').where('id', '=', id).execute();
  },
};

import { sql, type Kysely } from 'kysely';

/**
 * Category management (POST /api/v2/portal/category): an alias is unique among the children of one
 * parent (letter case ignored). Rows that already share an alias under one parent keep the first
 * (lowest id) as it is; the others get "-<id>" appended, so the unique index can be built.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update categories c
    set alias = c.alias || '-' || c.id
    where exists (
      select 1 from categories o
      where o.id < c.id
        and coalesce(o.parent_id, 0) = coalesce(c.parent_id, 0)
        and lower(o.alias) = lower(c.alias)
    )
  `.execute(db);
  await sql`create unique index categories_parent_alias_key on categories ((coalesce(parent_id, 0)), (lower(alias)))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('categories_parent_alias_key').execute();
}

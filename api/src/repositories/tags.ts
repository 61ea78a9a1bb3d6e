import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { Tag } from 'contracts/schemas/tags';

/** A tag as the API answers it. */
export type TagItem = Tag;

export const tagsRepository = {
  /**
   * The tag with this title (letter case ignored), created when new. The unique index on
   * lower(title) makes two parallel creations of one tag give one row.
   */
  async findOrCreate(db: Db, title: string): Promise<{ tag: TagItem; created: boolean }> {
    const inserted = await db
      .insertInto('tags')
      .values({ title })
      .onConflict((oc) => oc.expression(sql`lower(title)`).doNothing())
      .returning(['id', 'title'])
      .executeTakeFirst();
    if (inserted) return { tag: inserted, created: true };
    const tag = await db
      .selectFrom('tags')
      .select(['id', 'title'])
      .where(sql`lower(title)`, '=', title.toLowerCase())
      .executeTakeFirstOrThrow();
    return { tag, created: false };
  },

  async findMany(db: Db, ids: readonly number[]): Promise<TagItem[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('tags').select(['id', 'title']).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },
};

import type { DbRoot } from '../db/schema';

/** The article list's generation (migration 0028): it moves at the commit of every write the list can show. */
export async function articleListGeneration(db: DbRoot): Promise<string> {
  const row = await db.selectFrom('article_list_generation').select('generation').where('id', '=', 1).executeTakeFirstOrThrow();
  return String(row.generation);
}

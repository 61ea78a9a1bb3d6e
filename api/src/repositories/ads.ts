import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Spec section 3 "Ad". */
export interface AdItem {
  id: number;
  subject: string;
  body: string;
  image: string | null;
  image_url: string | null;
}

export const adsRepository = {
  async find(db: Db, id: number): Promise<AdItem | undefined> {
    return db.selectFrom('ads').select(['id', 'subject', 'body', 'image', 'image_url']).where('id', '=', id).executeTakeFirst();
  },

  async findMany(db: Db, ids: readonly number[]): Promise<AdItem[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('ads').select(['id', 'subject', 'body', 'image', 'image_url']).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },
};

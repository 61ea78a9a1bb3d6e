import type { Db } from '../db/schema';
import type { Ad } from 'contracts/schemas/ads';

export type AdItem = Ad;

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

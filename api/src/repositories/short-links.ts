import type { DbRoot } from '../db/schema';

/** The short links importers generate (`/s/{code}`); the import engine writes them. */
export const shortLinksRepository = {
  async target(db: DbRoot, code: string): Promise<string | undefined> {
    const link = await db.selectFrom('short_links').select('url').where('code', '=', code).executeTakeFirst();
    return link?.url;
  },
};

import type { Kysely } from 'kysely';
import type { Database, ImporterDefaults } from '../db/schema';

/** A scheduled import (spec section 3). */
export interface Importer {
  id: number;
  title: string;
  feed_url: string;
  plugin: string;
  schedule: number;
  enabled: number;
  defaults: ImporterDefaults;
  created: string;
  modified: string;
}

export const importersRepository = {
  async list(db: Kysely<Database>): Promise<Importer[]> {
    const rows = await db
      .selectFrom('importers')
      .select(['id', 'title', 'feed_url', 'plugin', 'schedule', 'enabled', 'defaults', 'created', 'modified'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      ...row,
      defaults: typeof row.defaults === 'string' ? (JSON.parse(row.defaults) as ImporterDefaults) : row.defaults,
      created: new Date(row.created).toISOString(),
      modified: new Date(row.modified).toISOString(),
    }));
  },
};

import { sql } from 'kysely';
import type { Importer } from 'contracts/schemas/importers';
import type { ImporterDefaults, DbRoot } from '../db/schema';

/** A scheduled import (spec section 3). */
export type { Importer };

/** What an importer's save writes. */
export type ImporterChanges = Pick<Importer, 'title' | 'feed_url' | 'plugin' | 'schedule' | 'enabled' | 'defaults'>;

const COLUMNS = ['id', 'title', 'feed_url', 'plugin', 'schedule', 'enabled', 'defaults', 'created', 'modified', 'version'] as const;

type Row = Pick<Importer, 'id' | 'title' | 'feed_url' | 'plugin' | 'schedule' | 'enabled' | 'version'> & {
  defaults: unknown;
  created: string | Date;
  modified: string | Date;
};

function toImporter(row: Row): Importer {
  return {
    ...row,
    defaults: typeof row.defaults === 'string' ? (JSON.parse(row.defaults) as ImporterDefaults) : (row.defaults as ImporterDefaults),
    created: new Date(row.created).toISOString(),
    modified: new Date(row.modified).toISOString(),
  };
}

export const importersRepository = {
  async list(db: DbRoot): Promise<Importer[]> {
    const rows = await db.selectFrom('importers').select(COLUMNS).orderBy('id').execute();
    return rows.map(toImporter);
  },

  /** Enabled importers, by id; of one schedule code when `schedule` is given. */
  async listEnabled(db: DbRoot, schedule: number | null): Promise<Importer[]> {
    let query = db.selectFrom('importers').select(COLUMNS).where('enabled', '=', 1).orderBy('id');
    if (schedule !== null) query = query.where('schedule', '=', schedule);
    return (await query.execute()).map(toImporter);
  },

  /** `lock`: the row stays locked until the transaction ends (a change reads what it replaces). */
  async find(db: DbRoot, id: number, options: { lock?: boolean } = {}): Promise<Importer | undefined> {
    let query = db.selectFrom('importers').select(COLUMNS).where('id', '=', id);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? toImporter(row) : undefined;
  },

  async insert(db: DbRoot, values: ImporterChanges): Promise<{ id: number; version: number }> {
    return db
      .insertInto('importers')
      .values({ ...values, defaults: JSON.stringify(values.defaults) })
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow();
  },

  /**
   * One statement guarded by the version the form loaded (the database bumps it, migration 0013):
   * the saved importer, or, when no row matched, the current one (undefined: no such importer).
   */
  async update(
    db: DbRoot,
    id: number,
    version: number,
    values: ImporterChanges,
  ): Promise<{ ok: true; importer: Importer } | { ok: false; current: Importer | undefined }> {
    const row = await db
      .updateTable('importers')
      .set({ ...values, defaults: JSON.stringify(values.defaults), modified: sql`now()` })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (row) return { ok: true, importer: toImporter(row) };
    return { ok: false, current: await importersRepository.find(db, id) };
  },

  async setEnabled(db: DbRoot, id: number, enabled: 0 | 1): Promise<Importer | undefined> {
    const row = await db
      .updateTable('importers')
      .set({ enabled, modified: sql`now()` })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? toImporter(row) : undefined;
  },

  /** false when there is no such importer. Its run history and dedupe keys go with it (foreign keys of the engine's tables). */
  async delete(db: DbRoot, id: number): Promise<boolean> {
    const result = await db.deleteFrom('importers').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** The ids in `ids` that are not categories. */
  async missingCategories(db: DbRoot, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const found = await db
      .selectFrom('categories')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    const known = new Set(found.map((row) => row.id));
    return ids.filter((id) => !known.has(id));
  },
};

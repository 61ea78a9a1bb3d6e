import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { Author, AuthorRef } from 'contracts/schemas/authors';

export type { Author, AuthorRef };

/** What an author's save writes: its fields without the id and version. */
export type AuthorChange = Omit<Author, 'id' | 'version'>;

const COLUMNS = ['id', 'name', 'position', 'bio', 'image', 'version'] as const;

/** The outcome of a versioned update: the saved author, a stale version (with the current author), or none. */
export type AuthorUpdate = { ok: true; author: Author } | { ok: false; current: Author | undefined };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export const authorsRepository = {
  async list(db: Db): Promise<Author[]> {
    return db.selectFrom('authors').select(COLUMNS).orderBy('name').orderBy('id').execute();
  },

  /** Names containing the term (any letter case), through the trigram index on name; best matches first. */
  async autocomplete(db: Db, term: string, limit: number): Promise<AuthorRef[]> {
    return db
      .selectFrom('authors')
      .select(['id', 'name'])
      .where('name', 'ilike', `%${escapeLike(term)}%`)
      .orderBy(sql`lower(name) like ${`${escapeLike(term.toLowerCase())}%`}`, 'desc')
      .orderBy('name')
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  async find(db: Db, id: number): Promise<Author | undefined> {
    return db.selectFrom('authors').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  async findMany(db: Db, ids: readonly number[]): Promise<AuthorRef[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('authors').select(['id', 'name']).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  async create(db: Db, name: string): Promise<AuthorRef> {
    return db.insertInto('authors').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();
  },

  /**
   * Writes only the fields given, in one statement guarded by the version the form loaded (the
   * database bumps it): no read-modify-write, so concurrent saves of different fields cannot undo
   * each other, and a stale form is refused instead of reverting a newer save.
   */
  async update(db: Db, id: number, version: number, change: Partial<AuthorChange>): Promise<AuthorUpdate> {
    const author = await db
      .updateTable('authors')
      .set({ ...change, modified: sql`now()` } as never)
      .where('id', '=', id)
      .where('version', '=', version)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (author) return { ok: true, author };
    return { ok: false, current: await authorsRepository.find(db, id) };
  },
};

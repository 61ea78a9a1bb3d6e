import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Spec section 3 "Author". */
export interface Author {
  id: number;
  name: string;
  position: string;
  bio: string;
  image: string | null;
}

export interface AuthorRef {
  id: number;
  name: string;
}

export interface AuthorChange {
  name: string;
  position: string;
  bio: string;
  image: string | null;
}

const COLUMNS = ['id', 'name', 'position', 'bio', 'image'] as const;

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

  async update(db: Db, id: number, change: AuthorChange): Promise<AuthorRef | undefined> {
    return db
      .updateTable('authors')
      .set({ ...change, modified: sql`now()` } as never)
      .where('id', '=', id)
      .returning(['id', 'name'])
      .executeTakeFirst();
  },
};

import { sql, type Kysely } from 'kysely';

/**
 * The article searches sort by modified date (or title). For a common term they read the articles in
 * that order and stop once the page is full (repositories/articles-search.ts, searchPage "walk"), which needs
 * an index in the order: (modified, id), read forwards or backwards. (title, id) exists already.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists articles_modified_id_idx on articles (modified, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('articles_modified_id_idx').ifExists().execute();
}

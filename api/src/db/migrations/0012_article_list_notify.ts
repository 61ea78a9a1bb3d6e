import { sql, type Kysely } from 'kysely';

/**
 * The article list's response cache (api/src/lib/article-list-cache.ts) must learn of writes made by
 * other processes (a second API instance, the import scheduler elsewhere, plain SQL). A statement
 * trigger on every table the list reads sends NOTIFY article_list: PostgreSQL delivers it to the
 * listeners after the writing transaction commits (never for a rolled-back one), and folds duplicate
 * notifications of one transaction into one. Statement level, so a bulk insert notifies once.
 */
const TABLES = ['articles', 'article_authors', 'authors', 'categories', 'users'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function notify_article_list() returns trigger language plpgsql as $$
    begin
      perform pg_notify('article_list', '');
      return null;
    end $$
  `.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_notify_article_list`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_article_list()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_notify_article_list`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists notify_article_list()`.execute(db);
}

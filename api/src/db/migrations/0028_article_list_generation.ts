import { sql, type Kysely } from 'kysely';

/**
 * The generation of what the article list shows, kept by the database itself: every committed write
 * to a table the list reads adds one to `article_list_generation.generation`, whoever wrote (a
 * repository, a route, an import, plain SQL, another process). The list's response cache
 * (api/src/lib/article-list-cache.ts) serves an entry only while the generation it was computed at
 * is still the current one, so a new writer cannot forget to invalidate it.
 *
 * The bump is a deferred constraint trigger: it runs at commit, once per transaction (a transaction
 * setting marks it done), so the row is locked only while committing (writers do not queue on it
 * during their work, and cannot deadlock over it) and its new value becomes visible together with the
 * rows it stands for. TRUNCATE has no row triggers: a statement trigger bumps at once.
 */
const TABLES = ['articles', 'article_authors', 'authors', 'categories', 'users'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table article_list_generation (id integer primary key check (id = 1), generation bigint not null)`.execute(db);
  await sql`insert into article_list_generation (id, generation) values (1, 1)`.execute(db);
  await sql`
    create function bump_article_list_generation() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'TRUNCATE' then
        if current_setting('newsdesk.article_list_bumped', true) = 'yes' then
          return null;
        end if;
        perform set_config('newsdesk.article_list_bumped', 'yes', true);
      end if;
      update article_list_generation set generation = generation + 1 where id = 1;
      return null;
    end $$
  `.execute(db);
  for (const table of TABLES) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_article_list_generation`)}
      after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred
      for each row execute function bump_article_list_generation()
    `.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_article_list_generation_truncate`)}
      after truncate on ${sql.table(table)}
      for each statement execute function bump_article_list_generation()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_article_list_generation`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`${table}_article_list_generation_truncate`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists bump_article_list_generation()`.execute(db);
  await sql`drop table if exists article_list_generation`.execute(db);
}

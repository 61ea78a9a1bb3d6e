import { sql, type Kysely } from 'kysely';

/**
 * Live presence (GET /api/portal/events): every API process streams lock and article changes to its
 * clients, whoever made them (another process, a job, SQL by hand). Row triggers send NOTIFY
 * article_presence with a JSON payload that says what changed and whose article it is (created_by, so
 * each process can filter by the rights rules without asking the database):
 * - article_locks: `{"kind":"lock","article_id","created_by","user_id","name","since","renewed_at"}`
 *   on a take, take-over or renewal; user_id null when the lock row went (freed);
 * - articles: `{"kind":"article","article_id","created_by","version","state","deleted"}` on every
 *   update (each bumps the version, migration 0013) and on a delete for good.
 * PostgreSQL delivers them after the commit, in commit order, never for a rolled-back transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function notify_article_presence() returns trigger language plpgsql as $$
    declare
      payload json;
    begin
      if tg_table_name = 'article_locks' then
        if tg_op = 'DELETE' then
          payload := json_build_object('kind', 'lock', 'article_id', old.article_id,
            'created_by', (select created_by from articles where id = old.article_id),
            'user_id', null, 'name', null, 'since', null, 'renewed_at', null);
        else
          payload := json_build_object('kind', 'lock', 'article_id', new.article_id,
            'created_by', (select created_by from articles where id = new.article_id),
            'user_id', new.user_id, 'name', (select name from users where id = new.user_id),
            'since', new.since, 'renewed_at', new.renewed_at);
        end if;
      elsif tg_op = 'DELETE' then
        payload := json_build_object('kind', 'article', 'article_id', old.id, 'created_by', old.created_by,
          'version', old.version, 'state', old.state, 'deleted', true);
      else
        payload := json_build_object('kind', 'article', 'article_id', new.id, 'created_by', new.created_by,
          'version', new.version, 'state', new.state, 'deleted', false);
      end if;
      perform pg_notify('article_presence', payload::text);
      return null;
    end $$
  `.execute(db);
  await sql`create trigger article_locks_notify_presence after insert or update or delete on article_locks
    for each row execute function notify_article_presence()`.execute(db);
  await sql`create trigger articles_notify_presence after update or delete on articles
    for each row execute function notify_article_presence()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists article_locks_notify_presence on article_locks`.execute(db);
  await sql`drop trigger if exists articles_notify_presence on articles`.execute(db);
  await sql`drop function if exists notify_article_presence()`.execute(db);
}

import { sql, type Kysely } from 'kysely';
import { presenceFunction } from './0038_desk_planning';

/**
 * Live presence under scoped roles: every notice of the presence trigger (0024, 0036, 0038) also carries
 * `category_id`, the category the article's scope is decided by (coalesce(catid, main_category_id),
 * as repositories/article-scope.ts reads it), so a process hands a lock or change only to streams
 * whose rights cover that category.
 */
const SCOPE_CATEGORY = (row: string) => `coalesce(${row}.catid, ${row}.main_category_id)`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    create or replace function notify_article_presence() returns trigger language plpgsql as $$
    declare
      payload json;
    begin
      if tg_table_name = 'article_locks' then
        if tg_op = 'DELETE' then
          payload := json_build_object('kind', 'lock', 'article_id', old.article_id,
            'created_by', (select created_by from articles where id = old.article_id),
            'category_id', (select ${SCOPE_CATEGORY('a')} from articles a where a.id = old.article_id),
            'user_id', null, 'name', null, 'since', null, 'renewed_at', null);
        else
          payload := json_build_object('kind', 'lock', 'article_id', new.article_id,
            'created_by', (select created_by from articles where id = new.article_id),
            'category_id', (select ${SCOPE_CATEGORY('a')} from articles a where a.id = new.article_id),
            'user_id', new.user_id, 'name', (select name from users where id = new.user_id),
            'since', new.since, 'renewed_at', new.renewed_at);
        end if;
      elsif tg_op = 'DELETE' then
        payload := json_build_object('kind', 'article', 'article_id', old.id, 'created_by', old.created_by,
          'category_id', ${SCOPE_CATEGORY('old')},
          'version', old.version, 'state', old.state, 'deleted', true, 'desk_id', old.desk_id, 'stage_id', old.stage_id);
      else
        payload := json_build_object('kind', 'article', 'article_id', new.id, 'created_by', new.created_by,
          'category_id', ${SCOPE_CATEGORY('new')},
          'version', new.version, 'state', new.state, 'deleted', false, 'desk_id', new.desk_id, 'stage_id', new.stage_id,
          'moved', (old.stage_id is distinct from new.stage_id),
          'planned', (old.planning_version is distinct from new.planning_version or old.overdue_at is distinct from new.overdue_at),
          'planning_version', new.planning_version, 'overdue', (new.overdue_at is not null));
      end if;
      perform pg_notify('article_presence', payload::text);
      return null;
    end $$
  `,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await presenceFunction(true).execute(db);
}

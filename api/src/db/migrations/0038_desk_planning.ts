import { sql, type Kysely } from 'kysely';

/**
 * Planning on the desks: who a story is assigned to, by when it is due, when it is meant to run and
 * how long it should be. Planning is a resource of its own beside the article's content:
 * - articles.deadline, planned_slot (the intended publication time, distinct from publish_up),
 *   target_words; planning_version: the stale-save check of a planning save (409), kept apart from the
 *   article's version so that a desk chief re-planning a story never makes the writer's open save stale.
 * - article_assignees: the users a story is assigned to (each one who may see the article).
 * - articles.overdue_at: when the overdue job flagged the story (past its deadline, on a desk, not in
 *   the desk's last stage); null while not flagged. A planning save clears it, the job sets it again
 *   when still due. The partial index is the job's read.
 * - The presence notice (0024, 0036) also carries `planned` (planning or overdue flag changed),
 *   `planning_version` and `overdue`, so open boards on every API process hear it.
 */
export function presenceFunction(planning: boolean) {
  const desk = (row: 'old' | 'new') => `, 'desk_id', ${row}.desk_id, 'stage_id', ${row}.stage_id`;
  const planned = planning
    ? `, 'planned', (old.planning_version is distinct from new.planning_version or old.overdue_at is distinct from new.overdue_at),
       'planning_version', new.planning_version, 'overdue', (new.overdue_at is not null)`
    : '';
  return sql.raw(`
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
          'version', old.version, 'state', old.state, 'deleted', true${desk('old')});
      else
        payload := json_build_object('kind', 'article', 'article_id', new.id, 'created_by', new.created_by,
          'version', new.version, 'state', new.state, 'deleted', false${desk('new')},
          'moved', (old.stage_id is distinct from new.stage_id)${planned});
      end if;
      perform pg_notify('article_presence', payload::text);
      return null;
    end $$
  `);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table articles add column deadline timestamptz`.execute(db);
  await sql`alter table articles add column planned_slot timestamptz`.execute(db);
  await sql`alter table articles add column target_words integer`.execute(db);
  await sql`alter table articles add column planning_version integer not null default 1`.execute(db);
  await sql`alter table articles add column overdue_at timestamptz`.execute(db);
  await sql`create index articles_overdue_due_idx on articles (deadline) where overdue_at is null and deadline is not null and desk_id is not null`.execute(
    db,
  );
  await db.schema
    .createTable('article_assignees')
    .addColumn('article_id', 'integer', (col) => col.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addPrimaryKeyConstraint('article_assignees_pkey', ['article_id', 'user_id'])
    .execute();
  await db.schema.createIndex('article_assignees_user_idx').on('article_assignees').column('user_id').execute();
  await presenceFunction(true).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await presenceFunction(false).execute(db);
  await db.schema.dropTable('article_assignees').execute();
  for (const column of ['overdue_at', 'planning_version', 'target_words', 'planned_slot', 'deadline']) {
    await sql`alter table articles drop column ${sql.raw(column)}`.execute(db);
  }
}

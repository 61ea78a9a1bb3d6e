import { sql, type Kysely } from 'kysely';

/**
 * Desks: where stories are planned and moved through stages, a second dimension beside the
 * article's state (spec section 4 is unchanged).
 * - The right manage_desks (create and edit desks, stages, members), held by the admin role.
 * - desks: a name and a version (a stale save answers 409; bumped by the edit-version trigger of 0013).
 * - desk_members: who works on a desk (sees its board, moves its stories).
 * - desk_stages: a desk's stages in board order; leave_right: the right needed to move a story out.
 * - articles.desk_id / stage_id: where the story is being made (both null: on no desk). A move bumps
 *   the article's version (a stale move is a 409) but makes no revision: no content changed.
 * - The presence trigger's article notice (0024) also carries desk_id, stage_id and moved (the stage
 *   changed), so open boards on every API process hear a move.
 */
/** Migration 0024's presence trigger function; `desk` adds where the article is on the desks and whether it moved. */
export function presenceFunction(desk: boolean) {
  const extra = (row: 'old' | 'new') => (desk ? `, 'desk_id', ${row}.desk_id, 'stage_id', ${row}.stage_id` : '');
  const moved = desk ? `, 'moved', (old.stage_id is distinct from new.stage_id)` : '';
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
          'version', old.version, 'state', old.state, 'deleted', true${extra('old')});
      else
        payload := json_build_object('kind', 'article', 'article_id', new.id, 'created_by', new.created_by,
          'version', new.version, 'state', new.state, 'deleted', false${extra('new')}${moved});
      end if;
      perform pg_notify('article_presence', payload::text);
      return null;
    end $$
  `);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto('rights').values({ name: 'manage_desks', description: 'Manage desks, stages and members' }).execute();
  await db
    .insertInto('role_rights')
    .columns(['role_id', 'right_id'])
    .expression((eb) =>
      eb
        .selectFrom('roles')
        .innerJoin('rights', (join) => join.on('rights.name', '=', 'manage_desks'))
        .where('roles.name', '=', 'admin')
        .select(['roles.id as role_id', 'rights.id as right_id']),
    )
    .execute();

  await db.schema
    .createTable('desks')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index desks_name_idx on desks (lower(name))`.execute(db);
  await sql`create trigger desks_bump_version before update on desks for each row execute function bump_edit_version()`.execute(db);

  await db.schema
    .createTable('desk_members')
    .addColumn('desk_id', 'integer', (col) => col.notNull().references('desks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addPrimaryKeyConstraint('desk_members_pkey', ['desk_id', 'user_id'])
    .execute();
  await db.schema.createIndex('desk_members_user_idx').on('desk_members').column('user_id').execute();

  await db.schema
    .createTable('desk_stages')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('desk_id', 'integer', (col) => col.notNull().references('desks.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('leave_right', 'text')
    .execute();
  await db.schema.createIndex('desk_stages_desk_idx').on('desk_stages').columns(['desk_id', 'position']).execute();

  await sql`alter table articles add column desk_id integer references desks(id)`.execute(db);
  await sql`alter table articles add column stage_id integer references desk_stages(id)`.execute(db);
  await sql`alter table articles add constraint articles_desk_stage_check check ((desk_id is null) = (stage_id is null))`.execute(db);
  await sql`create index articles_desk_stage_idx on articles (desk_id, stage_id) where desk_id is not null`.execute(db);
  // Open boards hear moves through the presence stream: the article notice says where it is and whether it moved.
  await presenceFunction(true).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await presenceFunction(false).execute(db);
  await sql`alter table articles drop constraint articles_desk_stage_check`.execute(db);
  await sql`alter table articles drop column stage_id`.execute(db);
  await sql`alter table articles drop column desk_id`.execute(db);
  await db.schema.dropTable('desk_stages').execute();
  await db.schema.dropTable('desk_members').execute();
  await db.schema.dropTable('desks').execute();
  await db.deleteFrom('rights').where('name', '=', 'manage_desks').execute();
}

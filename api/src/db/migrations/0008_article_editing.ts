import { sql, type Kysely } from 'kysely';

/**
 * The article editor (spec sections 2–5, 7):
 *
 * - `articles.notes` (plain text shown in the preview) and `articles.modified_by`: who made the last
 *   change. The editor's save sets it; any other change that bumps `version` (approve, access, …
 *   from the list) clears it through a trigger unless the writer told who it is with
 *   `set_config('newsdesk.user_id', …, true)`, so the conflict message never names the wrong person.
 * - `image_files`: the bytes of uploaded images (original and thumbnail) in the database, so every
 *   API process serves the same files; `etag` is the SHA-256 of the bytes.
 * - `videos` + `article_videos`: videos added in the editor (a YouTube id and a title).
 * - `article_locks`: one edit lock per article (who, since, last renewal); a lock older than the
 *   configured minutes without renewal counts as free.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table articles
      add column notes text not null default '',
      add column modified_by integer references users (id) on delete set null
  `.execute(db);

  await sql`
    create function articles_modified_by() returns trigger language plpgsql as $$
    begin
      if new.version is distinct from old.version and new.modified_by is not distinct from old.modified_by then
        new.modified_by := nullif(current_setting('newsdesk.user_id', true), '')::integer;
      end if;
      return new;
    end $$
  `.execute(db);
  await sql`create trigger articles_modified_by before update on articles
    for each row execute function articles_modified_by()`.execute(db);

  await db.schema
    .createTable('image_files')
    .addColumn('image_id', 'integer', (col) => col.notNull().references('images.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('original', 'thumb')`))
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('etag', 'text', (col) => col.notNull())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint('image_files_pkey', ['image_id', 'kind'])
    .execute();

  await db.schema
    .createTable('videos')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('video_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('article_videos')
    .addColumn('article_id', 'integer', (col) => col.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('ordering', 'smallint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('article_videos_pkey', ['article_id', 'video_id'])
    .execute();
  await db.schema.createIndex('article_videos_video_id_idx').on('article_videos').columns(['video_id', 'article_id']).execute();

  await db.schema
    .createTable('article_locks')
    .addColumn('article_id', 'integer', (col) => col.primaryKey().references('articles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('since', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('renewed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('article_locks_user_id_idx').on('article_locks').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('article_locks').execute();
  await db.schema.dropTable('article_videos').execute();
  await db.schema.dropTable('videos').execute();
  await db.schema.dropTable('image_files').execute();
  await sql`drop trigger articles_modified_by on articles`.execute(db);
  await sql`drop function articles_modified_by()`.execute(db);
  await sql`alter table articles drop column modified_by, drop column notes`.execute(db);
}

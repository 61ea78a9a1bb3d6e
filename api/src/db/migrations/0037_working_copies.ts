import { sql, type Kysely } from 'kysely';

/**
 * Working copies: a user's unsaved edit form of an article, written while they type (at most every
 * few seconds) so that it survives a closed browser and is offered back on any device. One per user
 * and article; `base_version` is the article version the editing started from (a later save of the
 * copy merges against it). Not a revision: the article, its version and its lock are untouched.
 * Deleted with the article or the user, on a good save, on "discard", and by the scheduler after
 * WORKING_COPY_RETENTION_DAYS without a write (the index on saved_at).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table working_copies (
      article_id integer not null references articles(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      base_version integer not null check (base_version >= 1),
      fields jsonb not null,
      saved_at timestamptz not null default now(),
      primary key (article_id, user_id)
    )`.execute(db);
  await sql`create index working_copies_saved_at_idx on working_copies (saved_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table working_copies`.execute(db);
}

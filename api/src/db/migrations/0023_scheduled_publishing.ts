import { sql, type Kysely } from 'kysely';

/**
 * Scheduled publishing (rules in contracts/rules/article-schedule.ts). A publish time saved
 * ahead of now is "pending" until the publishing job (plugins/publishing-scheduler.ts) has acted on
 * it, so each due change happens once and a later manual change is never undone by the job.
 *
 * - publish_up_pending / publish_down_pending, kept by a BEFORE trigger whenever publish_up /
 *   publish_down is written by any path (editor save, restore of a revision, an import, plain SQL):
 *   pending when the new time is ahead; a write that leaves the time as it was keeps the mark.
 * - Existing rows: only times still ahead become pending; times passed long ago are left alone (the
 *   back office never acted on them, and acting now would publish or unpublish old articles).
 * - Partial indexes on the pending times: the job's "what is due" and the list's Scheduled filter
 *   read a handful of rows, never the whole table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table articles
      add column publish_up_pending boolean not null default false,
      add column publish_down_pending boolean not null default false
  `.execute(db);
  await sql`
    create or replace function articles_publish_pending() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.publish_up is distinct from old.publish_up then
        new.publish_up_pending := new.publish_up is not null and new.publish_up > now();
      end if;
      if tg_op = 'INSERT' or new.publish_down is distinct from old.publish_down then
        new.publish_down_pending := new.publish_down is not null and new.publish_down > now();
      end if;
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger articles_publish_pending
    before insert or update of publish_up, publish_down on articles
    for each row execute function articles_publish_pending()
  `.execute(db);
  await sql`update articles set publish_up_pending = true where publish_up > now()`.execute(db);
  await sql`update articles set publish_down_pending = true where publish_down > now()`.execute(db);
  await sql`create index articles_publish_up_pending_idx on articles (publish_up) where publish_up_pending`.execute(db);
  await sql`create index articles_publish_down_pending_idx on articles (publish_down) where publish_down_pending`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists articles_publish_pending on articles`.execute(db);
  await sql`drop function if exists articles_publish_pending()`.execute(db);
  await sql`drop index if exists articles_publish_down_pending_idx`.execute(db);
  await sql`drop index if exists articles_publish_up_pending_idx`.execute(db);
  await sql`alter table articles drop column publish_down_pending, drop column publish_up_pending`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Scheduling is an approver's decision (contracts/rules/article-schedule.ts), not a side effect of
 * writing a time:
 * - the trigger of 0023 that marked every publish time written ahead as pending goes: the services
 *   set and withdraw the marks (Schedule, manual state changes, saves), so a draft's or a
 *   submitter's time is a request the job never acts on;
 * - marks the job would act on for no decision are cleared: publish_up pending only on an
 *   Unpublished article (Scheduled), publish_down pending only on a Published or Scheduled one;
 * - trashed_from: the state an article had when it went to the trash, which a restore brings back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists articles_publish_pending on articles`.execute(db);
  await sql`drop function if exists articles_publish_pending()`.execute(db);
  await sql`update articles set publish_up_pending = false where publish_up_pending and state <> 0`.execute(db);
  await sql`
    update articles set publish_down_pending = false
    where publish_down_pending and not (state = 1 or (state = 0 and publish_up_pending))
  `.execute(db);
  await sql`alter table articles add column trashed_from smallint`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table articles drop column trashed_from`.execute(db);
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
}

import { sql, type Kysely } from 'kysely';

/**
 * A coarser companion of article_counts: the number of articles per (catid, state, featured), for
 * the list's total when no submitter is filtered (the default list, and category / status / featured
 * alone). article_counts has one row per submitter too (tens of thousands of rows with a million
 * articles); summing this one reads a few hundred. Kept exact by statement-level triggers like
 * article_counts; an UPDATE that changes none of the three columns writes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('article_totals')
    .addColumn('catid', 'integer', (col) => col.notNull())
    .addColumn('state', 'smallint', (col) => col.notNull())
    .addColumn('featured', 'smallint', (col) => col.notNull())
    .addColumn('n', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('article_totals_pkey', ['catid', 'state', 'featured'])
    .execute();

  await sql`
    create function article_totals_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into article_totals as t (catid, state, featured, n)
          select coalesce(catid, 0), state, featured, count(*) from new_rows group by 1, 2, 3 order by 1, 2, 3
          on conflict (catid, state, featured) do update set n = t.n + excluded.n;
      elsif tg_op = 'DELETE' then
        insert into article_totals as t (catid, state, featured, n)
          select coalesce(catid, 0), state, featured, -count(*) from old_rows group by 1, 2, 3 order by 1, 2, 3
          on conflict (catid, state, featured) do update set n = t.n + excluded.n;
      else
        insert into article_totals as t (catid, state, featured, n)
          select k1, k2, k3, sum(delta) from (
            select coalesce(catid, 0) k1, state k2, featured k3, -1 delta from old_rows
            union all
            select coalesce(catid, 0), state, featured, 1 from new_rows
          ) d group by 1, 2, 3 having sum(delta) <> 0 order by 1, 2, 3
          on conflict (catid, state, featured) do update set n = t.n + excluded.n;
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function article_totals_truncate() returns trigger language plpgsql as $$
    begin
      delete from article_totals;
      return null;
    end $$
  `.execute(db);
  await sql`create trigger articles_totals_insert after insert on articles referencing new table as new_rows
    for each statement execute function article_totals_apply()`.execute(db);
  await sql`create trigger articles_totals_update after update on articles referencing old table as old_rows new table as new_rows
    for each statement execute function article_totals_apply()`.execute(db);
  await sql`create trigger articles_totals_delete after delete on articles referencing old table as old_rows
    for each statement execute function article_totals_apply()`.execute(db);
  await sql`create trigger articles_totals_truncate after truncate on articles
    for each statement execute function article_totals_truncate()`.execute(db);
  await sql`
    insert into article_totals (catid, state, featured, n)
    select coalesce(catid, 0), state, featured, count(*) from articles group by 1, 2, 3
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger articles_totals_truncate on articles`.execute(db);
  await sql`drop trigger articles_totals_delete on articles`.execute(db);
  await sql`drop trigger articles_totals_update on articles`.execute(db);
  await sql`drop trigger articles_totals_insert on articles`.execute(db);
  await sql`drop function article_totals_truncate()`.execute(db);
  await sql`drop function article_totals_apply()`.execute(db);
  await db.schema.dropTable('article_totals').execute();
}

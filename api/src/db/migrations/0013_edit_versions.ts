import { sql, type Kysely } from 'kysely';

/**
 * Lost updates outside articles: authors, importers and categories get the
 * article's `version`. A row trigger bumps it on every update, whoever writes (a form save, enable /
 * disable, a move, plain SQL), so a form opened before any change is stale; the save then runs
 * `UPDATE … WHERE id = $1 AND version = $2` and answers 409 with the current values when no row matched.
 */
const TABLES = ['authors', 'importers', 'categories'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function bump_edit_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version + 1;
      return new;
    end $$
  `.execute(db);
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} add column version integer not null default 1`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_bump_version`)}
      before update on ${sql.table(table)}
      for each row execute function bump_edit_version()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_bump_version`)} on ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column version`.execute(db);
  }
  await sql`drop function if exists bump_edit_version()`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * My account: the interface language a user keeps on the server (null: none chosen, the browser's),
 * applied at sign-in on any device. A session's last use is its renewed_at (written at most once per
 * SESSION_RENEW_INTERVAL_SECONDS), so sessions need no new column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column language text check (language in ('en', 'de'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column language`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * The session cache (services/auth-service.ts) of every API process must drop a session as soon as
 * it ends in the database, whoever ended it (sign-out in another process, expiry moved, the user
 * disabled or given other roles, SQL by hand). Row triggers send NOTIFY session_revoked with
 * `session:<id>` or `user:<id>`; PostgreSQL delivers them after the commit (never on a rollback).
 * Role and right changes (role_rights) are rare and change many users: they notify `all`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function notify_session_revoked() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'sessions' then
        perform pg_notify('session_revoked', 'session:' || old.id);
      elsif tg_table_name = 'users' then
        perform pg_notify('session_revoked', 'user:' || old.id);
      elsif tg_table_name = 'user_roles' then
        perform pg_notify('session_revoked', 'user:' || coalesce(old.user_id, new.user_id));
      else
        perform pg_notify('session_revoked', 'all');
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`create trigger sessions_notify_session_revoked after update of expires_at or delete on sessions
    for each row execute function notify_session_revoked()`.execute(db);
  await sql`create trigger users_notify_session_revoked after update or delete on users
    for each row execute function notify_session_revoked()`.execute(db);
  await sql`create trigger user_roles_notify_session_revoked after insert or update or delete on user_roles
    for each row execute function notify_session_revoked()`.execute(db);
  await sql`create trigger role_rights_notify_session_revoked after insert or update or delete or truncate on role_rights
    for each statement execute function notify_session_revoked()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [trigger, table] of [
    ['sessions_notify_session_revoked', 'sessions'],
    ['users_notify_session_revoked', 'users'],
    ['user_roles_notify_session_revoked', 'user_roles'],
    ['role_rights_notify_session_revoked', 'role_rights'],
  ]) {
    await sql`drop trigger if exists ${sql.raw(trigger as string)} on ${sql.table(table as string)}`.execute(db);
  }
  await sql`drop function if exists notify_session_revoked()`.execute(db);
}

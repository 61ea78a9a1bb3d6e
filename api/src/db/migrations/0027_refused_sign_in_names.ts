import { sql, type Kysely } from 'kysely';

/**
 * Refused sign-ins keep the name tried only when it is a user's (what was typed is often a password),
 * and only for a while (services/auth-service.ts). The entries already recorded lose a name that
 * matched no account; the throttle's rows, keyed by the name as typed, go (they live minutes and
 * are now keyed by the name's hash). A partial index keeps the pruning of old refusals cheap.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update activity_log set details = (details::jsonb - 'username')::json
    where action = 'sign_in_refused' and entity_id is null and details is not null`.execute(db);
  await sql`delete from login_failures`.execute(db);
  await sql`create index activity_log_refused_sign_in_idx on activity_log (at) where action = 'sign_in_refused'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists activity_log_refused_sign_in_idx`.execute(db);
}

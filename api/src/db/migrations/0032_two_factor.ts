import { sql, type Kysely } from 'kysely';

/**
 * Two-factor sign-in by TOTP (RFC 6238).
 * - users.totp_secret: the base32 secret once enrolment is confirmed (it must be readable to check
 *   codes); users.totp_pending: the secret shown while enrolling, until a code confirms it;
 *   users.totp_last_step: the time step of the last code accepted, so a code works once.
 * - recovery_codes: 10 single-use codes per user, only their SHA-256 stored (they are random, 50 bits).
 * - second_factor_failures: wrong codes per user, counted in the database so the limit holds across
 *   API processes and restarts (like login_failures); `pending` marks a code still being checked.
 * - sign_in_challenges: a password accepted for a user with two-factor on; only the SHA-256 of its
 *   random token is stored. The session is made by the second step, never before.
 * - roles.require_2fa: members without two-factor are taken through enrolment at their next sign-in;
 *   sessions.enrol_second_factor marks such a session (it may do nothing but enrol).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column totp_secret text`.execute(db);
  await sql`alter table users add column totp_pending text`.execute(db);
  await sql`alter table users add column totp_last_step bigint`.execute(db);
  await sql`alter table roles add column require_2fa boolean not null default false`.execute(db);
  await sql`alter table sessions add column enrol_second_factor boolean not null default false`.execute(db);

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('second_factor_failures')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('failed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('pending', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('second_factor_failures_user_idx').on('second_factor_failures').columns(['user_id', 'failed_at']).execute();

  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('remember', 'boolean', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_challenges').execute();
  await db.schema.dropTable('second_factor_failures').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await sql`alter table sessions drop column enrol_second_factor`.execute(db);
  await sql`alter table roles drop column require_2fa`.execute(db);
  await sql`alter table users drop column totp_last_step`.execute(db);
  await sql`alter table users drop column totp_pending`.execute(db);
  await sql`alter table users drop column totp_secret`.execute(db);
}

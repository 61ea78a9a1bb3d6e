import { sql, type Kysely } from 'kysely';

/**
 * Passkeys (WebAuthn), a second factor or a password-less sign-in.
 * - passkeys: a user's credentials: the credential id and COSE public key (base64url), the signature
 *   counter of the last assertion (a counter that does not grow means a cloned authenticator), the
 *   name the user gave it, when it was added and last used. Public data only: no secret is stored.
 * - users.webauthn_user_id: the user handle given to authenticators (random, base64url), so a
 *   person's passkeys on one device belong together and a discoverable credential names no username.
 * - webauthn_challenges: every challenge handed to a browser, kept in the database so the ceremony may
 *   end on another API process; deleted when answered (single use), refused after expires_at.
 *   purpose: 'register' (My account, user_id set), 'sign_in' (password-less, no user yet) or
 *   'second_factor' (after the password step, user_id set, sign_in_challenge_id its challenge).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column webauthn_user_id text`.execute(db);
  await db.schema.createIndex('users_webauthn_user_id_idx').on('users').column('webauthn_user_id').unique().execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('transports', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('device_type', 'text', (col) => col.notNull())
    .addColumn('backed_up', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('challenge', 'text', (col) => col.notNull().unique())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('sign_in_challenge_id', 'integer')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
  await sql`drop index users_webauthn_user_id_idx`.execute(db);
  await sql`alter table users drop column webauthn_user_id`.execute(db);
}

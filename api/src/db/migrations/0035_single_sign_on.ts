import { sql, type Kysely } from 'kysely';

/**
 * Single sign-on by OpenID Connect.
 * - sso_links: which Newsdesk user an identity of the provider is (issuer + subject, the only stable
 *   identifier OpenID Connect promises); made at the first SSO sign-in (matched by verified email or
 *   provisioned just in time).
 * - sso_requests: a sign-in sent to the provider and not back yet. Kept in the database so the
 *   callback may reach another API process than the start; only the SHA-256 of `state` is stored (it
 *   is the lookup key the browser carries); the PKCE verifier and the nonce must be readable to finish
 *   the exchange. Deleted when used (single use) and useless after expires_at.
 * - sso_handoffs: a finished provider sign-in waiting for the shell to fetch its session (the session
 *   token then travels in a response body like a password sign-in's, never in a URL). SHA-256 only,
 *   single use, a short expiry.
 * - sign_in_challenges.sso_issuer: the code step of a user with two-factor on who came through the
 *   provider, so its sign-in entry in the activity log says so too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sign_in_challenges add column sso_issuer text`.execute(db);
  await db.schema
    .createTable('sso_links')
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_sign_in_at', 'timestamptz')
    .addPrimaryKeyConstraint('sso_links_pkey', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('sso_links_user_idx').on('sso_links').column('user_id').execute();

  await db.schema
    .createTable('sso_requests')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('state_hash', 'text', (col) => col.notNull().unique())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('return_to', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sso_handoffs')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_handoffs').execute();
  await db.schema.dropTable('sso_requests').execute();
  await db.schema.dropTable('sso_links').execute();
  await sql`alter table sign_in_challenges drop column sso_issuer`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * People: users and roles managed in the product.
 * - The right manage_users (the Users and Roles screens), held by the admin role.
 * - roles and users get a `version` (a stale save answers 409). The services bump it in the update
 *   itself (`version = version + 1 … where version = $v`), not by a trigger: a sign-in's password
 *   re-hash must not make an open edit form stale.
 * - user_links: the invitation and password-reset links. Only the SHA-256 of the link's random
 *   token is stored; a link works once (used_at) and until expires_at. A user is never deleted,
 *   so the links stay with their user (no cascade).
 * Role scopes (a right held only for some category subtrees) will be a column of role_rights: a role
 * stays a name plus a set of (right, scope) pairs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto('rights').values({ name: 'manage_users', description: 'Manage users and roles' }).execute();
  await db
    .insertInto('role_rights')
    .columns(['role_id', 'right_id'])
    .expression((eb) =>
      eb
        .selectFrom('roles')
        .innerJoin('rights', (join) => join.on('rights.name', '=', 'manage_users'))
        .where('roles.name', '=', 'admin')
        .select(['roles.id as role_id', 'rights.id as right_id']),
    )
    .execute();

  await sql`alter table roles add column version integer not null default 1`.execute(db);
  await sql`alter table users add column version integer not null default 1`.execute(db);

  await db.schema
    .createTable('user_links')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('invite', 'reset')`))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'integer')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('user_links_user_idx').on('user_links').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_links').execute();
  await sql`alter table users drop column version`.execute(db);
  await sql`alter table roles drop column version`.execute(db);
  await db.deleteFrom('rights').where('name', '=', 'manage_users').execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * Roles scoped to category subtrees (contracts/rules/rights.ts): a scoped role's article rights hold
 * only for articles whose main category lies under one of its scope categories.
 * - roles.scoped: the role is limited; role_scopes: its subtree roots. A scoped role whose last
 *   category is deleted keeps `scoped` and so grants its article rights nowhere, never everywhere.
 * - A scope change must hold on every API process at once, like a change of a role's rights: the
 *   statement triggers send NOTIFY session_revoked 'all' (migration 0020's function), and every
 *   process's session cache (which holds each user's rights and scopes) forgets its sessions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table roles add column scoped boolean not null default false`.execute(db);
  await db.schema
    .createTable('role_scopes')
    .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_scopes_pkey', ['role_id', 'category_id'])
    .execute();
  await db.schema.createIndex('role_scopes_category_idx').on('role_scopes').column('category_id').execute();
  await sql`create trigger role_scopes_notify_session_revoked after insert or update or delete or truncate on role_scopes
    for each statement execute function notify_session_revoked()`.execute(db);
  await sql`create trigger roles_scoped_notify_session_revoked after update of scoped on roles
    for each statement execute function notify_session_revoked()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists roles_scoped_notify_session_revoked on roles`.execute(db);
  await sql`drop trigger if exists role_scopes_notify_session_revoked on role_scopes`.execute(db);
  await db.schema.dropTable('role_scopes').execute();
  await sql`alter table roles drop column scoped`.execute(db);
}

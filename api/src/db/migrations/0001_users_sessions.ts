import { sql, type Kysely } from 'kysely';

const RIGHTS: Array<[string, string]> = [
  ['import', 'Manage and run scheduled imports'],
  ['create_article', 'Create articles'],
  ['edit_all_articles', 'Edit the articles of every user'],
  ['view_all_articles', 'View the articles of every user'],
  ['approve_article', 'Approve and publish articles'],
  ['set_access', 'Set the access level and newsletter flag of articles'],
  ['feature_article', 'Feature articles'],
  ['manage_categories', 'Manage categories'],
];

const ROLES: Array<[string, string, string[]]> = [
  ['admin', 'Administrator', RIGHTS.map(([name]) => name)],
  [
    'editor',
    'Editor',
    ['import', 'create_article', 'edit_all_articles', 'view_all_articles', 'set_access', 'feature_article', 'manage_categories'],
  ],
  ['approver', 'Approver', ['create_article', 'view_all_articles', 'approve_article', 'set_access']],
  ['submitter', 'Submitter', ['create_article']],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('rights')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('role_rights')
    .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('right_id', 'integer', (col) => col.notNull().references('rights.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_rights_pkey', ['role_id', 'right_id'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('users_username_lower_key')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('renewed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('failed_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key_idx').on('login_failures').columns(['ip', 'username', 'failed_at']).execute();
  await db.schema.createIndex('login_failures_failed_at_idx').on('login_failures').column('failed_at').execute();

  // Reference data: the rights the code checks and the four standard roles.
  await db
    .insertInto('rights')
    .values(RIGHTS.map(([name, description]) => ({ name, description })))
    .execute();
  await db
    .insertInto('roles')
    .values(ROLES.map(([name, title]) => ({ name, title })))
    .execute();
  for (const [role, , rights] of ROLES) {
    await db
      .insertInto('role_rights')
      .columns(['role_id', 'right_id'])
      .expression((eb) =>
        eb
          .selectFrom('roles')
          .innerJoin('rights', (join) => join.on('rights.name', 'in', rights))
          .where('roles.name', '=', role)
          .select(['roles.id as role_id', 'rights.id as right_id']),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['login_failures', 'sessions', 'user_roles', 'users', 'role_rights', 'roles', 'rights', 'app_meta']) {
    await db.schema.dropTable(table).execute();
  }
}

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('articles')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('catid', 'integer', (col) => col.references('categories.id').onDelete('set null'))
    .addColumn('date', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('state', 'smallint', (col) => col.notNull().defaultTo(5))
    .addColumn('access', 'smallint', (col) => col.notNull().defaultTo(2))
    .addColumn('featured', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('newsletter', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('introtext', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('modified', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addCheckConstraint('articles_state_check', sql`state in (-2, 0, 1, 4, 5)`)
    .addCheckConstraint('articles_access_check', sql`access in (1, 2, 3)`)
    .addCheckConstraint('articles_featured_check', sql`featured in (0, 1)`)
    .addCheckConstraint('articles_newsletter_check', sql`newsletter in (0, 1)`)
    .execute();
  await db.schema.createIndex('articles_created_by_idx').on('articles').columns(['created_by', 'id']).execute();
  await db.schema.createIndex('articles_catid_idx').on('articles').column('catid').execute();
  await db.schema.createIndex('articles_state_idx').on('articles').column('state').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('articles').execute();
}

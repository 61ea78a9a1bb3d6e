import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('importers')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('feed_url', 'text', (col) => col.notNull())
    .addColumn('plugin', 'text', (col) => col.notNull())
    .addColumn('schedule', 'smallint', (col) => col.notNull().defaultTo(1))
    .addColumn('enabled', 'smallint', (col) => col.notNull().defaultTo(1))
    .addColumn('defaults', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('modified', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('importers_enabled_check', sql`enabled in (0, 1)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('importers').execute();
}

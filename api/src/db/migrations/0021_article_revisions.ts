import { sql, type Kysely } from 'kysely';

/**
 * Revision history: every successful save of an article (editor save, a list
 * toggle or state change, import creation, a restore) writes one row with who, when, the version it
 * produced and the full content of the fields a user edits (jsonb, the shape of contracts/schemas/revisions.ts
 * RevisionContent). Rows go with their article (cascade); `user_id` null = an import or a user since deleted.
 * `source` says which path saved; `restored_from` the revision a restore brought back; `changed`
 * what differs from the revision before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('article_revisions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('article_id', 'integer', (col) => col.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('editor', 'list', 'import', 'restore')`))
    .addColumn('restored_from', 'integer')
    .addColumn('content', 'jsonb', (col) => col.notNull())
    // The content keys that differ from the article's revision before (null: there was none), kept at write time so the list reads no content.
    .addColumn('changed', sql`text[]`)
    .execute();
  // The history of one article, newest first (list, paging, retention).
  await db.schema.createIndex('article_revisions_article_idx').on('article_revisions').columns(['article_id', 'id']).execute();
  await db.schema.createIndex('article_revisions_user_idx').on('article_revisions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('article_revisions').execute();
}

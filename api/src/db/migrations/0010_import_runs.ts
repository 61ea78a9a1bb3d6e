import { sql, type Kysely } from 'kysely';

/**
 * The feed-import engine:
 * - `import_state`: per importer, when it is next due (`next_run_at`; the scheduler claims a due
 *   importer by moving it forward in one conditional UPDATE), a lease while a run is going
 *   (`running_until`), consecutive failures (back-off) and the conditional-GET validators.
 *   Kept apart from `importers` so editing an importer never races the scheduler's writes.
 * - `import_runs`: the run history (started, finished, seen, new, duplicate, failed, error).
 * - `import_seen`: dedupe keys per importer (GUID, link, content hash, as SHA-256).
 * - `short_links`: the short links the API serves at /s/{code} (tinyURL 2).
 * - article location columns the Defaults carry beyond country and state.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table articles
      add column if not exists suburb text,
      add column if not exists latitude double precision,
      add column if not exists longitude double precision,
      add column if not exists postcode text
  `.execute(db);

  await db.schema
    .createTable('import_state')
    .addColumn('importer_id', 'integer', (col) => col.primaryKey().references('importers.id').onDelete('cascade'))
    .addColumn('next_run_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('running_until', 'timestamptz')
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('feed_url', 'text')
    .execute();
  await db.schema.createIndex('import_state_next_run_at_idx').on('import_state').column('next_run_at').execute();

  await db.schema
    .createTable('import_runs')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('importer_id', 'integer', (col) => col.notNull().references('importers.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (col) => col.notNull().defaultTo('manual'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('running'))
    .addColumn('started', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished', 'timestamptz')
    .addColumn('seen', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('new_items', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('duplicates', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addCheckConstraint('import_runs_status_check', sql`status in ('running', 'ok', 'error', 'not_modified')`)
    .execute();
  await db.schema.createIndex('import_runs_importer_id_idx').on('import_runs').columns(['importer_id', 'id desc']).execute();

  await db.schema
    .createTable('import_seen')
    .addColumn('importer_id', 'integer', (col) => col.notNull().references('importers.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    // No foreign key on purpose: the article id is informational (a deleted article's keys stay, so
    // it is not imported again), and a key row costs no referential check when 30,000 are written.
    .addColumn('article_id', 'integer')
    .addColumn('created', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('import_seen_pkey', ['importer_id', 'key'])
    .execute();

  await db.schema
    .createTable('short_links')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('created', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('short_links').execute();
  await db.schema.dropTable('import_seen').execute();
  await db.schema.dropTable('import_runs').execute();
  await db.schema.dropTable('import_state').execute();
  await sql`alter table articles drop column if exists suburb, drop column if exists latitude, drop column if exists longitude, drop column if exists postcode`.execute(
    db,
  );
}

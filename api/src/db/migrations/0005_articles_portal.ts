import { sql, type Kysely } from 'kysely';

/**
 * The article portal (spec sections 3, 4, 7): every field of "Article list item" and "Article edit",
 * the lookup tables the editor fills (authors, tags, ads, images, topics), full-text and trigram
 * search, and exact filter counts kept by triggers.
 *
 * - `state` may hold any smallint: the portal writes only 0, 1, 4, 5, -2, but imported or legacy
 *   rows may carry others, which the status filter groups as -1 "Other".
 * - `search_vector` (title weight A, introtext without HTML weight B, English) backs the free-text
 *   search; `title gin_trgm_ops` backs the title search (ILIKE '%word%').
 * - `article_counts` holds the number of articles per (created_by, catid, state, featured), kept
 *   exact by statement-level triggers with transition tables, so the list's `total` under the
 *   category / user / status / featured filters needs no count(*) over the articles.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('authors')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('created', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('modified', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index authors_name_trgm_idx on authors using gin (name gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('tags')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('created', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('tags_title_lower_key')
    .on('tags')
    .unique()
    .expression(sql`lower(title)`)
    .execute();

  await db.schema
    .createTable('ads')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('image_url', 'text')
    .addColumn('created', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('modified', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('file_thumbnail', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // The article's own fields (spec section 3, "Article list item" and "Article edit").
  await sql`
    alter table articles
      drop constraint articles_state_check,
      add column thumb text,
      add column article_type text not null default 'article',
      add column main_category_id integer references categories (id) on delete set null,
      add column main_image integer references images (id) on delete set null,
      add column references_at_source smallint not null default 0 check (references_at_source in (0, 1)),
      add column use_source_link smallint not null default 0 check (use_source_link in (0, 1)),
      add column videos_at_source smallint not null default 0 check (videos_at_source in (0, 1)),
      add column reference_source text not null default '',
      add column reference_date timestamptz,
      add column reference_url text not null default '',
      add column event jsonb,
      add column country_code text,
      add column state_id integer,
      add column publish_up timestamptz,
      add column publish_down timestamptz,
      add column search_vector tsvector generated always as (
        setweight(to_tsvector('english'::regconfig, title), 'A') ||
        setweight(to_tsvector('english'::regconfig, regexp_replace(introtext, '<[^>]*>', ' ', 'g')), 'B')
      ) stored
  `.execute(db);

  // Link tables (the editor fills them); rows go with their article.
  const link = async (table: string, column: string, target: string, withOrdering: boolean) => {
    let builder = db.schema
      .createTable(table)
      .addColumn('article_id', 'integer', (col) => col.notNull().references('articles.id').onDelete('cascade'))
      .addColumn(column, 'integer', (col) => col.notNull().references(`${target}.id`).onDelete('cascade'));
    if (withOrdering) builder = builder.addColumn('ordering', 'smallint', (col) => col.notNull().defaultTo(0));
    await builder.addPrimaryKeyConstraint(`${table}_pkey`, ['article_id', column]).execute();
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).columns([column, 'article_id']).execute();
  };
  await link('article_authors', 'author_id', 'authors', true);
  await link('article_topics', 'category_id', 'categories', false);
  await link('article_tags', 'tag_id', 'tags', true);
  await link('article_ads', 'ad_id', 'ads', true);
  await link('article_images', 'image_id', 'images', true);

  // List indexes: each filter with the default sort (id), and the title sort.
  await db.schema.dropIndex('articles_state_idx').execute();
  await db.schema.dropIndex('articles_catid_idx').execute();
  await db.schema.createIndex('articles_state_id_idx').on('articles').columns(['state', 'id']).execute();
  await db.schema.createIndex('articles_catid_id_idx').on('articles').columns(['catid', 'id']).execute();
  await db.schema.createIndex('articles_featured_id_idx').on('articles').columns(['featured', 'id']).execute();
  await db.schema.createIndex('articles_title_id_idx').on('articles').columns(['title', 'id']).execute();
  await db.schema.createIndex('articles_main_category_id_idx').on('articles').column('main_category_id').execute();
  await sql`create index articles_main_image_idx on articles (main_image) where main_image is not null`.execute(db);
  await sql`create index articles_search_vector_idx on articles using gin (search_vector)`.execute(db);
  await sql`create index articles_title_trgm_idx on articles using gin (title gin_trgm_ops)`.execute(db);

  // Exact counts per filter group (0 stands for a null created_by / catid).
  await db.schema
    .createTable('article_counts')
    .addColumn('created_by', 'integer', (col) => col.notNull())
    .addColumn('catid', 'integer', (col) => col.notNull())
    .addColumn('state', 'smallint', (col) => col.notNull())
    .addColumn('featured', 'smallint', (col) => col.notNull())
    .addColumn('n', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('article_counts_pkey', ['created_by', 'catid', 'state', 'featured'])
    .execute();
  await db.schema.createIndex('article_counts_catid_idx').on('article_counts').columns(['catid', 'state']).execute();
  await db.schema.createIndex('article_counts_state_idx').on('article_counts').columns(['state', 'featured']).execute();

  await sql`
    create function article_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into article_counts as c (created_by, catid, state, featured, n)
          select coalesce(created_by, 0), coalesce(catid, 0), state, featured, count(*)
          from new_rows group by 1, 2, 3, 4 order by 1, 2, 3, 4
          on conflict (created_by, catid, state, featured) do update set n = c.n + excluded.n;
      elsif tg_op = 'DELETE' then
        insert into article_counts as c (created_by, catid, state, featured, n)
          select coalesce(created_by, 0), coalesce(catid, 0), state, featured, -count(*)
          from old_rows group by 1, 2, 3, 4 order by 1, 2, 3, 4
          on conflict (created_by, catid, state, featured) do update set n = c.n + excluded.n;
      else
        -- Only groups whose count changes are written: an edit of the title touches nothing here.
        insert into article_counts as c (created_by, catid, state, featured, n)
          select k1, k2, k3, k4, sum(delta) from (
            select coalesce(created_by, 0) k1, coalesce(catid, 0) k2, state k3, featured k4, -1 delta from old_rows
            union all
            select coalesce(created_by, 0), coalesce(catid, 0), state, featured, 1 from new_rows
          ) d group by 1, 2, 3, 4 having sum(delta) <> 0 order by 1, 2, 3, 4
          on conflict (created_by, catid, state, featured) do update set n = c.n + excluded.n;
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function article_counts_truncate() returns trigger language plpgsql as $$
    begin
      delete from article_counts;
      return null;
    end $$
  `.execute(db);
  await sql`create trigger articles_counts_insert after insert on articles referencing new table as new_rows
    for each statement execute function article_counts_apply()`.execute(db);
  await sql`create trigger articles_counts_update after update on articles referencing old table as old_rows new table as new_rows
    for each statement execute function article_counts_apply()`.execute(db);
  await sql`create trigger articles_counts_delete after delete on articles referencing old table as old_rows
    for each statement execute function article_counts_apply()`.execute(db);
  await sql`create trigger articles_counts_truncate after truncate on articles
    for each statement execute function article_counts_truncate()`.execute(db);
  await sql`
    insert into article_counts (created_by, catid, state, featured, n)
    select coalesce(created_by, 0), coalesce(catid, 0), state, featured, count(*) from articles group by 1, 2, 3, 4
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger articles_counts_truncate on articles`.execute(db);
  await sql`drop trigger articles_counts_delete on articles`.execute(db);
  await sql`drop trigger articles_counts_update on articles`.execute(db);
  await sql`drop trigger articles_counts_insert on articles`.execute(db);
  await sql`drop function article_counts_truncate()`.execute(db);
  await sql`drop function article_counts_apply()`.execute(db);
  await db.schema.dropTable('article_counts').execute();
  for (const table of ['article_images', 'article_ads', 'article_tags', 'article_topics', 'article_authors']) {
    await db.schema.dropTable(table).execute();
  }
  for (const index of [
    'articles_title_trgm_idx',
    'articles_search_vector_idx',
    'articles_main_image_idx',
    'articles_main_category_id_idx',
    'articles_title_id_idx',
    'articles_featured_id_idx',
    'articles_catid_id_idx',
    'articles_state_id_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.createIndex('articles_catid_idx').on('articles').column('catid').execute();
  await db.schema.createIndex('articles_state_idx').on('articles').column('state').execute();
  await sql`
    alter table articles
      drop column search_vector, drop column publish_down, drop column publish_up, drop column state_id,
      drop column country_code, drop column event, drop column reference_url, drop column reference_date,
      drop column reference_source, drop column videos_at_source, drop column use_source_link,
      drop column references_at_source, drop column main_image, drop column main_category_id,
      drop column article_type, drop column thumb,
      add constraint articles_state_check check (state in (-2, 0, 1, 4, 5))
  `.execute(db);
  for (const table of ['images', 'ads', 'tags', 'authors']) {
    await db.schema.dropTable(table).execute();
  }
}

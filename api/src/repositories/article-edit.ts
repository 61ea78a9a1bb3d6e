import { sql } from 'kysely';
import type { ArticleEdit } from 'contracts/schemas/article';
import type { Video } from 'contracts/schemas/images';
import type { Db } from '../db/schema';
import type { ArticleEvent as EventValue } from 'contracts/schemas/article';
import { EVENT_FIELDS, type ArticleForm } from 'contracts/schemas/article-form';
import { formatDateTime } from 'contracts/schemas/form-fields';
import { adsRepository } from './ads';
import { authorsRepository } from './authors';
import { imagesRepository, thumbUrl } from './images';
import { tagsRepository } from './tags';

/** The public site that article URLs point at (as the demo seed writes them). */
export const PUBLIC_SITE = 'https://www.newsdesk.example';

export type VideoItem = Video;

/** GET /api/portal/article → data.article (spec section 3 "Article edit"). */
export type EditArticle = ArticleEdit;

/** What GET /api/portal/article?id=0 gives: an empty new article (a rule of the contracts, shared with tests). */
export { newArticle } from 'contracts/rules/new-article';

const EMPTY_EVENT: EventValue = {
  venue: '',
  date: '',
  start_time: '',
  end_time_enabled: 0,
  end_date: '',
  end_time: '',
  address: '',
  latitude: null,
  longitude: null,
  limit_number_of_attendees: 0,
  attendees_limit: null,
  ticket_cost: null,
  currency: '',
  enabled: 0,
  custom_payment_url: '',
};

/** A stored event (possibly from an import, with missing or odd fields) in the full Event shape. */
export function eventOf(stored: unknown): EventValue | null {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const raw = stored as Record<string, unknown>;
  const event: Record<string, unknown> = { ...EMPTY_EVENT };
  for (const key of EVENT_FIELDS) {
    const value = raw[key];
    const fallback = EMPTY_EVENT[key];
    if (value === undefined || value === null) continue;
    if (typeof fallback === 'string') event[key] = String(value);
    else if (fallback === null) event[key] = Number.isFinite(Number(value)) && value !== '' ? Number(value) : null;
    else event[key] = value === 1 || value === '1' || value === true ? 1 : 0;
  }
  return event as unknown as EventValue;
}

function flagText(value: number): '0' | '1' {
  return value === 1 ? '1' : '0';
}

function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, 'and')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'article'
  );
}

async function categoryPath(db: Db, categoryId: number): Promise<string> {
  const { rows } = await sql<{ path: string | null }>`
    with recursive up(id, parent_id, alias, depth) as (
      select id, parent_id, alias, 0 from categories where id = ${categoryId}::int
      union all
      select c.id, c.parent_id, c.alias, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < 10
    )
    select string_agg(alias, '/' order by depth desc) as path from up where id <> 8
  `.execute(db);
  return rows[0]?.path || 'news';
}

async function replaceLinks(
  db: Db,
  table: 'article_authors' | 'article_tags' | 'article_ads' | 'article_images' | 'article_videos',
  column: 'author_id' | 'tag_id' | 'ad_id' | 'image_id' | 'video_id',
  articleId: number,
  ids: readonly number[],
): Promise<void> {
  await db.deleteFrom(table).where('article_id', '=', articleId).execute();
  if (ids.length === 0) return;
  await db
    .insertInto(table)
    .values(ids.map((id, ordering) => ({ article_id: articleId, [column]: id, ordering })) as never)
    .execute();
}

export interface SaveInput {
  form: ArticleForm;
  /** Sanitised HTML. */
  text: string;
  introtext: string;
  userId: number;
  now: Date;
}

export const articleEditRepository = {
  /** The whole article for the editor, or undefined. */
  async load(db: Db, id: number): Promise<EditArticle | undefined> {
    const row = await db
      .selectFrom('articles as a')
      .leftJoin('users as u', 'u.id', 'a.created_by')
      .selectAll('a')
      .select('u.name as submitter')
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const [topics, tagLinks, authorLinks, adLinks, videos, images] = await Promise.all([
      db.selectFrom('article_topics').select('category_id').where('article_id', '=', id).orderBy('category_id').execute(),
      db.selectFrom('article_tags').select('tag_id').where('article_id', '=', id).orderBy('ordering').orderBy('tag_id').execute(),
      db.selectFrom('article_authors').select('author_id').where('article_id', '=', id).orderBy('ordering').orderBy('author_id').execute(),
      db.selectFrom('article_ads').select('ad_id').where('article_id', '=', id).orderBy('ordering').orderBy('ad_id').execute(),
      db
        .selectFrom('article_videos as av')
        .innerJoin('videos as v', 'v.id', 'av.video_id')
        .select(['v.id', 'v.video_id', 'v.title'])
        .where('av.article_id', '=', id)
        .orderBy('av.ordering')
        .orderBy('v.id')
        .execute(),
      imagesRepository.ofArticle(db, id),
    ]);
    const [tags, authors, ads] = await Promise.all([
      tagsRepository.findMany(
        db,
        tagLinks.map((link) => link.tag_id),
      ),
      authorsRepository.findMany(
        db,
        authorLinks.map((link) => link.author_id),
      ),
      adsRepository.findMany(
        db,
        adLinks.map((link) => link.ad_id),
      ),
    ]);
    const date = (value: Date | null) => (value ? formatDateTime(new Date(value)) : '');
    return {
      id: row.id,
      title: row.title,
      date: new Date(row.date).toISOString(),
      catid: row.catid,
      state: row.state,
      access: row.access,
      featured: row.featured,
      newsletter: row.newsletter,
      text: row.text,
      introtext: row.introtext,
      notes: row.notes,
      main_image: row.main_image,
      images,
      references_at_source: flagText(row.references_at_source),
      use_source_link: flagText(row.use_source_link),
      videos_at_source: flagText(row.videos_at_source),
      reference_source: row.reference_source,
      reference_date: row.reference_date ? new Date(row.reference_date).toISOString().slice(0, 10) : '',
      reference_url: row.reference_url,
      topics: topics.map((topic) => topic.category_id),
      tags,
      event: eventOf(row.event),
      location: row.country_code ? { country_code: row.country_code, state_id: row.state_id } : null,
      publish_up: date(row.publish_up),
      publish_down: date(row.publish_down),
      publish_up_pending: Boolean(row.publish_up_pending),
      publish_down_pending: Boolean(row.publish_down_pending),
      authors,
      main_category_id: row.main_category_id,
      ads,
      videos: videos.map((video) => ({ id: video.id, videoId: video.video_id, title: video.title })),
      version: row.version,
      submitter: row.submitter ?? 'unknown',
      created_by: row.created_by,
      url: row.url,
    };
  },

  /** Who changed the article last and when (the stale-version message); the user may be gone (null). */
  async lastChange(db: Db, id: number): Promise<{ name: string | null; modified: Date }> {
    const row = await db
      .selectFrom('articles as a')
      .leftJoin('users as u', 'u.id', 'a.modified_by')
      .select(['u.name', 'a.modified'])
      .where('a.id', '=', id)
      .executeTakeFirstOrThrow();
    return { name: row.name, modified: new Date(row.modified) };
  },

  /** Ids among `ids` that do not exist in `table` (to refuse unknown references with a clear message). */
  async missing(db: Db, table: 'categories' | 'images' | 'tags' | 'authors' | 'ads' | 'videos', ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
    const found = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  },

  /**
   * Writes the article (a new one when `existingId` is undefined: state 5, owned by the user) and
   * replaces its lists; bumps version. Returns the id and the new version. The caller has checked
   * rights, lock and version, and holds the row lock of an existing article.
   */
  async save(db: Db, input: SaveInput, existingId?: number): Promise<{ id: number; version: number }> {
    const { form, userId, now } = input;
    // Tells the modified_by trigger (migration 0008) who writes.
    await sql`select set_config('newsdesk.user_id', ${String(userId)}, true)`.execute(db);
    const columns = {
      title: form.title,
      catid: form.catid ?? form.main_category_id,
      access: form.access,
      featured: form.featured,
      newsletter: form.newsletter,
      text: input.text,
      introtext: input.introtext,
      notes: form.notes,
      main_image: form.main_image,
      thumb: thumbUrl(form.main_image),
      references_at_source: form.references_at_source,
      use_source_link: form.use_source_link,
      videos_at_source: form.videos_at_source,
      reference_source: form.reference_source,
      reference_date: form.reference_date ? `${form.reference_date}T00:00:00Z` : null,
      reference_url: form.reference_url,
      main_category_id: form.main_category_id,
      event: form.event ? JSON.stringify(form.event) : null,
      country_code: form.location?.country_code ?? null,
      state_id: form.location?.state_id ?? null,
      publish_up: form.publish_up,
      publish_down: form.publish_down,
      modified: now,
      modified_by: userId,
    };
    let id: number;
    let version: number;
    if (existingId === undefined) {
      const row = await db
        .insertInto('articles')
        .values({ ...columns, date: form.date ?? now, state: 5, created_by: userId, url: '' })
        .returning(['id', 'version'])
        .executeTakeFirstOrThrow();
      id = row.id;
      version = row.version;
    } else {
      const row = await db
        .updateTable('articles')
        .set({ ...columns, ...(form.date ? { date: form.date } : {}), version: sql`version + 1` } as never)
        .where('id', '=', existingId)
        .returning(['id', 'version'])
        .executeTakeFirstOrThrow();
      id = row.id;
      version = row.version;
    }
    const path = await categoryPath(db, form.main_category_id);
    await db
      .updateTable('articles')
      .set({ url: `${PUBLIC_SITE}/${path}/${id}-${slug(form.title)}` })
      .where('id', '=', id)
      .execute();

    await db.deleteFrom('article_topics').where('article_id', '=', id).execute();
    if (form.topics.length) {
      await db
        .insertInto('article_topics')
        .values(form.topics.map((categoryId) => ({ article_id: id, category_id: categoryId })))
        .execute();
    }
    await replaceLinks(
      db,
      'article_images',
      'image_id',
      id,
      form.images.map((image) => image.id),
    );
    await replaceLinks(db, 'article_authors', 'author_id', id, form.authors);
    await replaceLinks(db, 'article_tags', 'tag_id', id, form.tags);
    await replaceLinks(db, 'article_ads', 'ad_id', id, form.ads);
    await replaceLinks(db, 'article_videos', 'video_id', id, form.videos);
    // Captions live on the image (spec: image file_name, description).
    for (const image of form.images) {
      await db
        .updateTable('images')
        .set({ description: image.description })
        .where('id', '=', image.id)
        .where('description', '<>', image.description)
        .execute();
    }
    return { id, version };
  },
};

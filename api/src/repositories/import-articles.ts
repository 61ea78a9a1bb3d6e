/**
 * The database side of an import: which dedupe keys an importer has seen, the references the
 * Defaults point at (user, categories, authors, tags, custom image; unknown ids are dropped
 * rather than failing the run), and the bulk write of new articles with their links, short
 * links, main images and dedupe keys, all in the caller's transaction.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/schema';
import { importedRevisionContent } from './article-revisions';
import { thumbUrl } from './images';

/** What the write reads of an article the engine mapped from a feed item (import/engine/defaults.ts ArticleDraft extends it). */
export interface ArticleToWrite {
  title: string;
  introtext: string;
  text: string;
  state: number;
  date: Date;
  article_type: string;
  use_source_link: 0 | 1;
  videos_at_source: 0 | 1;
  references_at_source: 0 | 1;
  reference_source: string;
  reference_date: Date | null;
  reference_url: string;
  /** The article's URL as it is, or a short link to create for `target`. */
  url: { kind: 'value'; value: string } | { kind: 'short'; target: string };
  country_code: string | null;
  state_id: number | null;
  suburb: string | null;
  latitude: number | null;
  longitude: number | null;
  postcode: string | null;
  main_category_id: number | null;
  topics: number[];
  /** No image, the importer's custom image, or the item's own image stored here (images.id; see import/engine/item-images.ts). */
  image: { kind: 'none' } | { kind: 'custom' } | { kind: 'stored'; id: number };
}

/** The references an importer's Defaults name (ids that may no longer exist, tags that may not exist yet). */
export interface ImportReferences {
  userId: number | null;
  topics: number[];
  authors: Array<{ id: number }>;
  tags: Array<{ id: number | null; title: string }>;
  customImage: { id: number | null; url: string | null; thumbnail: string | null } | null;
}

/** The flags every new article starts with (domain/article-flags.ts NEW_ARTICLE_FLAGS). */
export interface NewArticleFlags {
  access: number;
  featured: number;
  newsletter: number;
}

const LOOKUP_CHUNK = 10_000;
const INSERT_CHUNK = 2000;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The subset of `keys` this importer has seen before. */
export async function seenKeys(db: Db, importerId: number, keys: readonly string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const part of chunks([...new Set(keys)], LOOKUP_CHUNK)) {
    const rows = await sql<{
      key: string;
    }>`select key from import_seen where importer_id = ${importerId} and key = any(${part}::text[])`.execute(db);
    for (const row of rows.rows) seen.add(row.key);
  }
  return seen;
}

/** Defaults' references that exist in the database (ids of deleted users/categories/authors are dropped). */
export interface ResolvedRefs {
  userId: number | null;
  categoryIds: Set<number>;
  authorIds: number[];
  /** Existing tag ids, and titles still to be created. */
  tagIds: number[];
  newTagTitles: string[];
  customImage: { id: number | null; url: string | null; thumbnail: string | null } | null;
}

export async function resolveRefs(db: Db, defaults: ImportReferences): Promise<ResolvedRefs> {
  const userId = defaults.userId
    ? ((await db.selectFrom('users').select('id').where('id', '=', defaults.userId).executeTakeFirst())?.id ?? null)
    : null;
  const categoryIds = new Set<number>();
  if (defaults.topics.length > 0) {
    const rows = await db.selectFrom('categories').select('id').where('id', 'in', defaults.topics).execute();
    for (const row of rows) categoryIds.add(row.id);
  }
  let authorIds: number[] = [];
  if (defaults.authors.length > 0) {
    const ids = defaults.authors.map((a) => a.id);
    const rows = await db.selectFrom('authors').select('id').where('id', 'in', ids).execute();
    const existing = new Set(rows.map((r) => r.id));
    authorIds = ids.filter((id) => existing.has(id));
  }
  const tagIds: number[] = [];
  const newTagTitles: string[] = [];
  for (const tag of defaults.tags) {
    let id: number | null = null;
    if (tag.id) id = (await db.selectFrom('tags').select('id').where('id', '=', tag.id).executeTakeFirst())?.id ?? null;
    if (id === null && tag.title) {
      id =
        (
          await db
            .selectFrom('tags')
            .select('id')
            .where((eb) => eb(eb.fn('lower', ['title']), '=', tag.title.toLowerCase()))
            .executeTakeFirst()
        )?.id ?? null;
    }
    if (id !== null) {
      if (!tagIds.includes(id)) tagIds.push(id);
    } else if (tag.title) {
      newTagTitles.push(tag.title);
    }
  }
  let customImage = defaults.customImage;
  if (customImage?.id) {
    const exists = await db.selectFrom('images').select('id').where('id', '=', customImage.id).executeTakeFirst();
    if (!exists) customImage = { ...customImage, id: null };
  }
  return { userId, categoryIds, authorIds, tagIds, newTagTitles, customImage };
}

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random short-link code (8 characters of a 56-letter alphabet without look-alikes: ~46 bits). */
export function shortCode(): string {
  const bytes = randomBytes(8);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}

export function shortLinkUrl(code: string, publicUrl: string | undefined): string {
  return `${publicUrl ?? ''}/s/${code}`;
}

/**
 * The links every article of a batch gets (topics, tags, authors: the Defaults' existing ones, in their
 * order; the tags once writeArticles created the missing ones): what the batch's revisions hold.
 */
export function batchLinks(list: readonly NewArticle[], refs: ResolvedRefs): { topics: number[]; tagIds: number[]; authorIds: number[] } {
  const topics = list.length ? list[0]!.draft.topics.filter((id) => refs.categoryIds.has(id)) : [];
  return { topics, tagIds: [...refs.tagIds], authorIds: [...refs.authorIds] };
}

export interface NewArticle {
  draft: ArticleToWrite;
  keys: string[];
}

export interface WrittenArticle {
  id: number;
  created: Date;
  url: string;
}

/** Tags named in the Defaults that do not exist yet are created once (case-insensitive unique); `refs` keeps their ids. */
async function ensureTags(trx: Transaction<Database>, refs: ResolvedRefs): Promise<number[]> {
  const tagIds = [...refs.tagIds];
  for (const title of refs.newTagTitles) {
    const inserted = await trx
      .insertInto('tags')
      .values({ title })
      .onConflict((oc) => oc.expression(trx.fn('lower', ['title']) as never).doNothing())
      .returning('id')
      .executeTakeFirst();
    const id =
      inserted?.id ??
      (
        await trx
          .selectFrom('tags')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['title']), '=', title.toLowerCase()))
          .executeTakeFirst()
      )?.id;
    if (id !== undefined && !tagIds.includes(id)) tagIds.push(id);
  }
  refs.tagIds = tagIds;
  refs.newTagTitles = [];

  return tagIds;
}

/** The custom image (imageSource 2): the uploaded image by id, else one images row for its URL (created once, kept in `refs`). */
async function ensureCustomImage(
  trx: Transaction<Database>,
  list: readonly NewArticle[],
  refs: ResolvedRefs,
  imageCaption: string,
): Promise<{ customImageId: number | null; customThumb: string | null }> {
  let customImageId: number | null = null;
  let customThumb: string | null = null;
  if (list.some((a) => a.draft.image.kind === 'custom') && refs.customImage) {
    customThumb = refs.customImage.thumbnail ?? refs.customImage.url;
    customImageId = refs.customImage.id;
    if (customImageId === null && (refs.customImage.url || refs.customImage.thumbnail)) {
      const fileName = (refs.customImage.url ?? refs.customImage.thumbnail) as string;
      customImageId = (
        await trx
          .insertInto('images')
          .values({
            file_name: fileName,
            file_thumbnail: refs.customImage.thumbnail,
            description: imageCaption,
            created_by: refs.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      refs.customImage = { ...refs.customImage, id: customImageId };
    }
  }

  return { customImageId, customThumb };
}

/** Each article's URL; short links (tinyURL 2) get random codes, a clash (practically never) retried with a new code. */
async function articleUrls(trx: Transaction<Database>, list: readonly NewArticle[], publicUrl: string | undefined): Promise<string[]> {
  const urls: string[] = list.map((a) => (a.draft.url.kind === 'value' ? a.draft.url.value : ''));
  let pending = list.map((a, index) => (a.draft.url.kind === 'short' ? index : -1)).filter((i) => i >= 0);
  for (let attempt = 0; pending.length > 0 && attempt < 5; attempt += 1) {
    const codes = pending.map(() => shortCode());
    const targets = pending.map((index) => (list[index]!.draft.url as { target: string }).target);
    const inserted = await sql<{ code: string }>`
      insert into short_links (code, url) select * from unnest(${codes}::text[], ${targets}::text[])
      on conflict (code) do nothing returning code`.execute(trx);
    const done = new Set(inserted.rows.map((r) => r.code));
    pending.forEach((index, i) => {
      if (done.has(codes[i]!)) urls[index] = shortLinkUrl(codes[i]!, publicUrl);
    });
    pending = pending.filter((_, i) => !done.has(codes[i]!));
  }

  return urls;
}

/** What the articles of a batch are written with, beside their drafts. */
interface BatchColumns {
  refs: ResolvedRefs;
  flags: NewArticleFlags;
  urls: string[];
  imageIds: Array<number | null>;
  thumbs: Array<string | null>;
}

/** The articles and their revisions, in input order. */
async function insertArticles(trx: Transaction<Database>, list: readonly NewArticle[], batch: BatchColumns): Promise<WrittenArticle[]> {
  const { refs, urls, imageIds, thumbs } = batch;
  // Every draft of one run carries the same Defaults: the per-run fields come from the first.
  const first = list[0]!.draft;
  const revisionContent = importedRevisionContent(batchLinks(list, refs));
  const mainCategory = first.main_category_id !== null && refs.categoryIds.has(first.main_category_id) ? first.main_category_id : null;
  // One INSERT … SELECT FROM unnest(arrays) per chunk: the per-item columns travel as arrays, the
  // per-run ones as single values (far cheaper to send and plan than a VALUES row per article).
  const written: WrittenArticle[] = [];
  for (const [chunkIndex, part] of chunks(list, INSERT_CHUNK).entries()) {
    const offset = chunkIndex * INSERT_CHUNK;
    const col = <T>(pick: (draft: ArticleToWrite, index: number) => T) => part.map((a, i) => pick(a.draft, offset + i));
    const rows = await sql<{ id: number; created: Date }>`
      with inserted as (insert into articles (
        title, introtext, text, date, reference_date, reference_url, url, main_image, thumb,
        state, access, featured, newsletter, article_type, created_by, use_source_link, videos_at_source, references_at_source, reference_source,
        country_code, state_id, suburb, latitude, longitude, postcode, main_category_id, catid
      )
      select a.title, a.introtext, a.text, a.date, a.reference_date, a.reference_url, a.url, a.main_image, a.thumb,
        ${first.state}::smallint, ${batch.flags.access}::smallint, ${batch.flags.featured}::smallint,
        ${batch.flags.newsletter}::smallint, ${first.article_type}::text, ${refs.userId}::int, ${first.use_source_link}::smallint,
        ${first.videos_at_source}::smallint, ${first.references_at_source}::smallint, ${first.reference_source}::text,
        ${first.country_code}::text, ${first.state_id}::int, ${first.suburb}::text, ${first.latitude}::float8,
        ${first.longitude}::float8, ${first.postcode}::text, ${mainCategory}::int, ${mainCategory}::int
      from unnest(
        ${col((d) => d.title)}::text[], ${col((d) => d.introtext)}::text[], ${col((d) => d.text)}::text[],
        ${col((d) => d.date.toISOString())}::timestamptz[], ${col((d) => d.reference_date?.toISOString() ?? null)}::timestamptz[],
        ${col((d) => d.reference_url)}::text[], ${col((_, i) => urls[i] ?? '')}::text[],
        ${col((_, i) => imageIds[i] ?? null)}::int[], ${col((_, i) => thumbs[i] ?? null)}::text[]
      ) with ordinality as a(title, introtext, text, date, reference_date, reference_url, url, main_image, thumb, ord)
      order by a.ord
      returning *),
      -- Import creation is a save: each new article's revision, from the row just inserted (no second read).
      revisions as (insert into article_revisions (article_id, version, user_id, source, content)
        select a.id, a.version, null, 'import', ${revisionContent} from inserted a)
      select id, created from inserted`.execute(trx);
    // Identity values are drawn in insertion order, so ascending ids follow the input order.
    const sorted = [...rows.rows].sort((x, y) => x.id - y.id);
    sorted.forEach((row, i) => written.push({ id: row.id, created: new Date(row.created), url: urls[offset + i] ?? '' }));
  }

  return written;
}

/** Each article's topics, tags, authors and image. */
async function insertLinks(
  trx: Transaction<Database>,
  written: readonly WrittenArticle[],
  links: { topics: number[]; tagIds: number[]; authorIds: number[] },
  imageIds: Array<number | null>,
): Promise<void> {
  const { topics, tagIds, authorIds } = links;
  const ids = written.map((w) => w.id);
  if (topics.length > 0) {
    await sql`insert into article_topics (article_id, category_id)
      select a, c from unnest(${ids}::int[]) a cross join unnest(${topics}::int[]) c`.execute(trx);
  }
  if (tagIds.length > 0) {
    await sql`insert into article_tags (article_id, tag_id, ordering)
      select a, t.tag_id, t.ord - 1 from unnest(${ids}::int[]) a cross join unnest(${tagIds}::int[]) with ordinality as t(tag_id, ord)`.execute(
      trx,
    );
  }
  if (authorIds.length > 0) {
    await sql`insert into article_authors (article_id, author_id, ordering)
      select a, t.author_id, t.ord - 1 from unnest(${ids}::int[]) a cross join unnest(${authorIds}::int[]) with ordinality as t(author_id, ord)`.execute(
      trx,
    );
  }
  const withImage = written.map((w, index) => [w.id, imageIds[index] ?? null] as const).filter(([, image]) => image !== null);
  if (withImage.length > 0) {
    await sql`insert into article_images (article_id, image_id, ordering)
      select a, i, 0 from unnest(${withImage.map(([a]) => a)}::int[], ${withImage.map(([, i]) => i)}::int[]) as t(a, i)`.execute(trx);
  }
}

/**
 * Writes the new articles (in order), their revisions (an import's creation is a save; see article-revisions.ts)
 * and everything they link to; returns their ids. Called once
 * per batch of a run with the same `refs`: the tags and the custom image it creates on the first
 * call are recorded in `refs`, so later batches reuse them.
 */
export async function writeArticles(
  trx: Transaction<Database>,
  importerId: number,
  list: readonly NewArticle[],
  refs: ResolvedRefs,
  options: { publicUrl: string | undefined; imageCaption: string; flags: NewArticleFlags },
): Promise<WrittenArticle[]> {
  if (list.length === 0) return [];
  await ensureTags(trx, refs);
  const { customImageId, customThumb } = await ensureCustomImage(trx, list, refs, options.imageCaption);
  const urls = await articleUrls(trx, list, options.publicUrl);
  // Item images (imageSource 1) were fetched and stored before the write; the article links to them.
  const imageIds: Array<number | null> = list.map((a) =>
    a.draft.image.kind === 'custom' ? customImageId : a.draft.image.kind === 'stored' ? a.draft.image.id : null,
  );
  const thumbs: Array<string | null> = list.map((a) =>
    a.draft.image.kind === 'custom' ? customThumb : a.draft.image.kind === 'stored' ? thumbUrl(a.draft.image.id) : null,
  );
  const written = await insertArticles(trx, list, { refs, flags: options.flags, urls, imageIds, thumbs });
  await insertLinks(trx, written, batchLinks(list, refs), imageIds);
  const seenKeysList = list.flatMap((a) => a.keys);
  const seenArticles = list.flatMap((a, index) => a.keys.map(() => written[index]!.id));
  await sql`insert into import_seen (importer_id, key, article_id)
    select ${importerId}::int, k, a from unnest(${seenKeysList}::text[], ${seenArticles}::int[]) as t(k, a)
    on conflict (importer_id, key) do nothing`.execute(trx);
  return written;
}

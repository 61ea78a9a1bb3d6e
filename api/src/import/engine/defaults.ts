/**
 * Importer Defaults (spec sections 3, 5, 9) → the fields of each new article. Pure: no database,
 * no clock (the run passes `now`). Defaults are read defensively: the editor sends strings, older
 * rows or API clients may send numbers, and anything missing falls back to the form's defaults
 * (published '0', date '1', sourceDomain '0', dateFirstPublished '0', tinyURL '0', imageSource '0').
 */
import { defaultsObject } from 'contracts/rules/import-defaults';
import type { ArticleToWrite } from '../../repositories/import-articles';
import { ImportError } from './errors';
import { absoluteHttpUrl, pickItemImage } from './image';
import type { FeedItem, ParsedFeed } from './parse';
import { plainText, sanitizeImportedHtml } from './sanitize';

export type SourceDomainMode = 0 | 1 | 2 | 3;
export type TinyUrlMode = 0 | 1 | 2 | 3;
export type ImageSourceMode = 0 | 1 | 2;

export interface ImportDefaults {
  state: number;
  /** '1' Use date from feed, '2' Use current date. */
  dateFromFeed: boolean;
  articleType: string;
  userId: number | null;
  useSourceLink: 0 | 1;
  videosAtSource: 0 | 1;
  referencesAtSource: 0 | 1;
  sourceDomain: SourceDomainMode;
  sourceDomainCustom: string;
  dateFirstPublished: boolean;
  tinyUrl: TinyUrlMode;
  tinyUrlCustom: string;
  countryCode: string | null;
  stateId: number | null;
  suburb: string | null;
  latitude: number | null;
  longitude: number | null;
  postcode: string | null;
  mainCategoryId: number | null;
  topics: number[];
  imageSource: ImageSourceMode;
  imageCaption: string;
  customImage: { id: number | null; url: string | null; thumbnail: string | null } | null;
  tags: Array<{ id: number | null; title: string }>;
  authors: Array<{ id: number; name: string }>;
}

type Raw = Record<string, unknown>;

function str(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return '';
}

/** A positive whole number, or null. */
export function positiveInt(value: unknown): number | null {
  const text = str(value);
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function choice<T extends number>(value: unknown, allowed: readonly T[], fallback: T): T {
  const text = str(value);
  if (!/^-?\d+$/.test(text)) return fallback;
  const n = Number(text) as T;
  return allowed.includes(n) ? n : fallback;
}

function flag(value: unknown): 0 | 1 {
  const text = str(value).toLowerCase();
  return text === '1' || text === 'true' || text === 'yes' || text === 'on' ? 1 : 0;
}

function coordinate(value: unknown, limit: number): number | null {
  const text = str(value);
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

function nullable(value: unknown): string | null {
  const text = str(value);
  return text ? text : null;
}

function asArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

/** The Defaults as the engine uses them: each field read leniently (older rows may hold numbers or lack fields), bad values falling back. */
export function readDefaults(input: unknown): ImportDefaults {
  const raw: Raw = defaultsObject(input);
  const country = str(raw.country).toUpperCase();
  const image = raw.image && typeof raw.image === 'object' ? (raw.image as Raw) : null;
  const tags: ImportDefaults['tags'] = [];
  for (const entry of asArray(raw.tags)) {
    const tag = typeof entry === 'string' ? { title: entry } : ((entry ?? {}) as Raw);
    const title = str(tag.title ?? tag.name);
    const id = positiveInt(tag.id);
    if (!title && id === null) continue;
    if (tags.some((t) => (id !== null && t.id === id) || (title && t.title.toLowerCase() === title.toLowerCase()))) continue;
    tags.push({ id, title });
  }
  const authors: ImportDefaults['authors'] = [];
  for (const entry of asArray(raw.authors)) {
    const author = (entry ?? {}) as Raw;
    const id = positiveInt(typeof entry === 'number' || typeof entry === 'string' ? entry : author.id);
    if (id !== null && !authors.some((a) => a.id === id)) authors.push({ id, name: str(author.name) });
  }
  const topics: number[] = [];
  for (const entry of asArray(raw.topics)) {
    const id = positiveInt(typeof entry === 'object' && entry !== null ? (entry as Raw).id : entry);
    if (id !== null && !topics.includes(id)) topics.push(id);
  }
  const mainCategoryId = positiveInt(raw.mainCategory);
  // The main category is one of the article's topics (spec: "a choice limited to the selected topics").
  if (mainCategoryId !== null && !topics.includes(mainCategoryId)) topics.unshift(mainCategoryId);

  return {
    state: choice(raw.published, [0, 1, 4, 5] as const, 0),
    dateFromFeed: choice(raw.date, [1, 2] as const, 1) === 1,
    articleType: str(raw.contentType) || 'article',
    userId: positiveInt(raw.user),
    useSourceLink: flag(raw.use_source_link),
    videosAtSource: flag(raw.videos_at_source),
    referencesAtSource: flag(raw.references_at_source),
    sourceDomain: choice(raw.sourceDomain, [0, 1, 2, 3] as const, 0),
    sourceDomainCustom: str(raw.sourceDomainCustom),
    dateFirstPublished: choice(raw.dateFirstPublished, [0, 1] as const, 0) === 1,
    tinyUrl: choice(raw.tinyURL, [0, 1, 2, 3] as const, 0),
    tinyUrlCustom: str(raw.tinyURLCustom),
    countryCode: /^[A-Z]{2}$/.test(country) ? country : null,
    stateId: positiveInt(raw.state),
    suburb: nullable(raw.suburb),
    latitude: coordinate(raw.latitude, 90),
    longitude: coordinate(raw.longitude, 180),
    postcode: nullable(raw.postcode),
    mainCategoryId,
    topics,
    imageSource: choice(raw.imageSource, [0, 1, 2] as const, 0),
    imageCaption: str(raw.imageCaption),
    customImage: image ? { id: positiveInt(image.id), url: nullable(image.url), thumbnail: nullable(image.file_thumbnail) } : null,
    tags,
    authors,
  };
}

/** How the article's URL field is filled (tinyURL): a short link is created by the writer. */
export type ArticleUrlPlan = ArticleToWrite['url'];

/** How the main image is filled: none, a remote URL (item image), or the importer's custom image. */
export type MainImagePlan = { kind: 'none' } | { kind: 'remote'; url: string; caption: string } | { kind: 'custom'; caption: string };

/**
 * Everything a new article gets from one feed item and the importer's Defaults: what the writer
 * stores (ArticleToWrite), and the owner, category, tags, authors and the image's caption.
 */
export interface ArticleDraft extends Omit<ArticleToWrite, 'image'> {
  created_by: number | null;
  catid: number | null;
  tags: ImportDefaults['tags'];
  authors: number[];
  image: MainImagePlan;
}

export interface MapContext {
  now: Date;
  /** The importer's feed URL (source domain 2 uses its host). */
  feedUrl: string;
  feed: Pick<ParsedFeed, 'title' | 'link'>;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

export function referenceSource(defaults: ImportDefaults, ctx: MapContext): string {
  switch (defaults.sourceDomain) {
    case 1:
      return ctx.feed.title;
    case 2:
      return hostOf(ctx.feedUrl);
    case 3:
      return defaults.sourceDomainCustom;
    default:
      return '';
  }
}

export function articleUrl(defaults: ImportDefaults, link: string): ArticleUrlPlan {
  switch (defaults.tinyUrl) {
    case 1:
      return { kind: 'value', value: link };
    case 2:
      return link ? { kind: 'short', target: link } : { kind: 'value', value: '' };
    case 3:
      return { kind: 'value', value: defaults.tinyUrlCustom };
    default:
      return { kind: 'value', value: '' };
  }
}

export function mainImage(defaults: ImportDefaults, item: FeedItem, feedLink: string | null): MainImagePlan {
  if (defaults.imageSource === 1) {
    const url = pickItemImage(item, feedLink);
    return url ? { kind: 'remote', url, caption: defaults.imageCaption } : { kind: 'none' };
  }
  if (
    defaults.imageSource === 2 &&
    defaults.customImage &&
    (defaults.customImage.id || defaults.customImage.url || defaults.customImage.thumbnail)
  ) {
    return { kind: 'custom', caption: defaults.imageCaption };
  }
  return { kind: 'none' };
}

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

/**
 * The title of an item that has none: the start of its text, else what it is about (a category,
 * its source, a link it points to: the hint), else "Untitled".
 */
function titleOf(item: FeedItem): string {
  const title = plainText(item.title);
  if (title) return title.slice(0, 500);
  const text = plainText(item.html) || plainText(item.hint);
  return text ? excerpt(text) : 'Untitled';
}

/** Whether two HTML texts say the same words (markup and spacing aside). */
function sameWords(a: string, b: string): boolean {
  const words = (html: string) =>
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return words(a) === words(b);
}

/**
 * An item's Intro and Text, as feedparser's summary and content: with both, the summary is the
 * Intro and the content the Text. With one only (feedparser then gives the same text as both),
 * its first paragraph is the Intro (the lead) and the rest the Text; a text of one paragraph, or
 * one that does not start with a paragraph, is the Intro alone.
 */
export function introAndText(summary: string, body: string): { introtext: string; text: string } {
  if (summary && body && !sameWords(summary, body)) return { introtext: summary, text: body };
  // The same text as summary and content (many feeds repeat it) is one text.
  const only = body || summary;
  if (only.startsWith('<p>') || only.startsWith('<p ')) {
    // Sanitised HTML: a <p> holds no other <p>, so its first </p> ends it.
    const end = only.indexOf('</p>');
    const rest = end < 0 ? '' : only.slice(end + 4).trim();
    if (rest) return { introtext: only.slice(0, end + 4), text: rest };
  }
  return { introtext: only, text: '' };
}

export function mapItem(item: FeedItem, defaults: ImportDefaults, ctx: MapContext): ArticleDraft {
  // An item that holds nothing at all is reported on its own (the feed's other items still import).
  if (item.fingerprint === '') throw new ImportError('malformed', 'import_item_empty');
  // Only http(s) links are kept: a javascript: or data: link must never reach an article or a redirect.
  const link = absoluteHttpUrl(item.link) ?? '';
  const published = item.published && item.published.getTime() <= ctx.now.getTime() + 86_400_000 ? item.published : null;
  // Relative URLs in the text resolve against the item's base (xml:base, its link, the feed URL).
  const body = sanitizeImportedHtml(item.html, item.base);
  const summary = item.summary ? sanitizeImportedHtml(item.summary, item.base) : '';
  return {
    title: titleOf(item),
    ...introAndText(summary, body),
    state: defaults.state,
    date: defaults.dateFromFeed && published ? published : ctx.now,
    article_type: defaults.articleType,
    created_by: defaults.userId,
    use_source_link: defaults.useSourceLink,
    videos_at_source: defaults.videosAtSource,
    references_at_source: defaults.referencesAtSource,
    reference_source: referenceSource(defaults, ctx),
    reference_date: defaults.dateFirstPublished ? published : null,
    reference_url: link,
    url: articleUrl(defaults, link),
    country_code: defaults.countryCode,
    state_id: defaults.stateId,
    suburb: defaults.suburb,
    latitude: defaults.latitude,
    longitude: defaults.longitude,
    postcode: defaults.postcode,
    main_category_id: defaults.mainCategoryId,
    catid: defaults.mainCategoryId,
    topics: defaults.topics,
    tags: defaults.tags,
    authors: defaults.authors.map((a) => a.id),
    image: mainImage(defaults, item, ctx.feed.link),
  };
}

/**
 * Feed text → one normalised shape, whatever the format. XML feeds (RSS 0.9x/2.0, RSS 1.0/RDF,
 * Atom 0.3/1.0) are read by xml-feed.ts (a forgiving parser, feedparser's rules); JSON Feed 1.x by
 * feedsmith. Entities are never expanded: a document that declares any (<!ENTITY in its DOCTYPE)
 * is refused before parsing, so an entity-expansion attack ("billion laughs") costs one scan of
 * the prolog.
 */
import { DetectError, MalformedError, parseFeed as feedsmithParse } from 'feedsmith';
import { ImportError } from './errors';
import type { FeedPluginId } from './plugins';
import { splitFeed } from './split';
import { escapeHtml, readXmlFeed, resolve, type XmlItem } from './xml-feed';

export type FeedFormat = 'rss' | 'rdf' | 'atom' | 'cdf' | 'json';

/** Where an item's image may come from (image.ts picks one). */
export interface ImageCandidates {
  enclosures: Array<{ url: string; type?: string }>;
  mediaContents: Array<{ url: string; type?: string; medium?: string }>;
  mediaThumbnails: string[];
  /** JSON Feed image / banner_image, iTunes episode image. */
  declared: string[];
}

export interface FeedItem {
  guid: string | null;
  link: string | null;
  title: string;
  /** Full content (content:encoded, Atom content, content_html), else the description/summary. */
  html: string;
  /** The description / summary when the item also has full content. */
  summary: string | null;
  published: Date | null;
  authors: string[];
  images: ImageCandidates;
  /** What relative URLs in the item's HTML resolve against (xml:base, else its link, else the feed's URL). */
  base: string | null;
  /** What an item without a title or text is about (a category, its source, a link it points to), else ''. */
  hint: string;
  /**
   * Only for an item without a GUID, link, title or text (null otherwise): everything it holds, so
   * such items are told apart; '' when it holds nothing at all (the run reports it, imports nothing).
   */
  fingerprint: string | null;
}

export interface ParsedFeed {
  format: FeedFormat;
  title: string;
  link: string | null;
  items: FeedItem[];
}

const PLUGIN_FORMAT: Record<Exclude<FeedPluginId, 'feed'>, FeedFormat> = {
  rss: 'rss',
  rdf: 'rdf',
  atom: 'atom',
  jsonfeed: 'json',
};
const FORMAT_LABEL: Record<FeedFormat, string> = { rss: 'RSS', rdf: 'RSS 1.0 (RDF)', atom: 'Atom', cdf: 'CDF', json: 'JSON Feed' };

import { decodeBody } from './decode';
export { charsetFromContentType, decodeBody } from './decode';

/** Refuses XML whose prolog declares entities (entity expansion is off by policy). */
export function assertNoEntityDeclarations(text: string): void {
  const root = text.search(/<[A-Za-z_]/);
  const prolog = root < 0 ? text : text.slice(0, root);
  if (/<!ENTITY/i.test(prolog)) {
    throw new ImportError('entities', 'import_xml_entities');
  }
}

type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && typeof (value as Loose).value === 'string') return (value as Loose).value;
  return '';
}

/** An ISO 8601 date-time without a zone (JavaScript would read it in the server's zone; feeds mean UTC, as feedparser reads them). */
const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

export function parseDate(value: unknown): Date | null {
  const raw = text(value).trim();
  if (!raw) return null;
  const date = new Date(ISO_WITHOUT_ZONE.test(raw) ? `${raw.replace(' ', 'T')}Z` : raw);
  if (!Number.isNaN(date.getTime())) return date;
  // RFC 822 dates with a zone name JavaScript does not know ("Tue, 10 Jun 2003 04:00:00 EST" is fine, "CEST" is not).
  const withoutZone = new Date(raw.replace(/\s+[A-Z]{3,5}$/, ' GMT'));
  return Number.isNaN(withoutZone.getTime()) ? null : withoutZone;
}

/** The first of an item's dates (in the order of preference) that reads as a date. */
function firstDate(values: readonly string[]): Date | null {
  for (const value of values) {
    const date = parseDate(value);
    if (date) return date;
  }
  return null;
}

function fromXml(item: XmlItem): FeedItem {
  return {
    guid: item.guid,
    link: item.link,
    title: item.title,
    html: item.content || item.description,
    summary: item.content && item.description ? item.description : null,
    published: firstDate(item.dates),
    authors: item.authors,
    images: {
      enclosures: item.enclosures,
      mediaContents: item.mediaContents,
      mediaThumbnails: item.mediaThumbnails,
      declared: item.declared,
    },
    base: item.base,
    hint: item.hint,
    fingerprint: item.fingerprint,
  };
}

function fromJson(item: Loose, feedBase: string | null): FeedItem {
  const html = text(item.content_html);
  const plain = text(item.content_text);
  const summary = text(item.summary);
  const link = resolve(text(item.url), feedBase) ?? resolve(text(item.external_url), feedBase);
  return {
    guid: item.id !== undefined && item.id !== null && String(item.id).trim() ? String(item.id).trim() : null,
    link,
    title: escapeHtml(text(item.title).trim()),
    html: html || (plain ? `<p>${escapeHtml(plain)}</p>` : summary ? `<p>${escapeHtml(summary)}</p>` : ''),
    summary: (html || plain) && summary ? summary : null,
    published: parseDate(item.date_published) ?? parseDate(item.date_modified),
    authors: [...(item.authors ?? []), ...(item.author ? [item.author] : [])].map((a: Loose) => text(a?.name)).filter(Boolean),
    images: {
      enclosures: (item.attachments ?? [])
        .filter((a: Loose) => a?.url)
        .map((a: Loose) => ({ url: resolve(String(a.url), feedBase)!, type: a.mime_type })),
      mediaContents: [],
      mediaThumbnails: [],
      declared: [item.image, item.banner_image]
        .filter((v): v is string => typeof v === 'string' && v !== '')
        .map((v) => resolve(v, feedBase)!),
    },
    base: link && /^https?:/i.test(link) ? link : feedBase,
    hint: '',
    fingerprint: null,
  };
}

export { escapeHtml };

/** JSON Feed versions written as a bare number ("1", "1.0", "1.1") instead of the jsonfeed.org URL. */
function normaliseJsonFeedVersion(json: unknown): unknown {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return json;
  const version = (json as { version?: unknown }).version;
  const bare = typeof version === 'number' ? String(version) : typeof version === 'string' ? version.trim() : null;
  if (bare === null || !/^1(\.[01](\.0)?)?$/.test(bare)) return json;
  return { ...json, version: bare.startsWith('1.1') ? 'https://jsonfeed.org/version/1.1' : 'https://jsonfeed.org/version/1' };
}

function parseJsonFeed(trimmed: string, feedUrl: string | null): ParsedFeed {
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch (error) {
    throw new ImportError('malformed', 'import_feed_bad_json', { reason: (error as Error).message });
  }
  let parsed: ReturnType<typeof feedsmithParse>;
  try {
    parsed = feedsmithParse(normaliseJsonFeedVersion(json));
  } catch (error) {
    if (error instanceof MalformedError) throw new ImportError('malformed', 'import_feed_not_well_formed', undefined, { cause: error });
    if (error instanceof DetectError) {
      throw new ImportError('unsupported_format', 'import_not_a_feed', undefined, { cause: error });
    }
    throw new ImportError('malformed', 'import_feed_unreadable', { reason: (error as Error).message }, { cause: error });
  }
  if (parsed.format !== 'json') throw new ImportError('unsupported_format', 'import_not_a_feed');
  const feed = parsed.feed as Loose;
  const link = resolve(text(feed.home_page_url), feedUrl);
  const base = feedUrl ?? link;
  return { format: 'json', title: text(feed.title).trim(), link, items: (feed.items ?? []).map((item: Loose) => fromJson(item, base)) };
}

/** Where the feed came from: relative links in it resolve against its URL. */
export interface FeedSource {
  url?: string | null;
}

/**
 * Parses feed text. `plugin` 'feed' accepts any format; any other plugin id requires that format
 * (an importer set to Atom that gets RSS says so instead of importing something unexpected).
 */
export function parseFeedText(input: string, plugin: FeedPluginId = 'feed', source: FeedSource = {}): ParsedFeed {
  const trimmed = input.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed) throw new ImportError('malformed', 'import_feed_empty');
  const feedUrl = source.url ?? null;
  let parsed: ParsedFeed;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    parsed = parseJsonFeed(trimmed, feedUrl);
  } else {
    assertNoEntityDeclarations(trimmed);
    let xml: ReturnType<typeof readXmlFeed>;
    try {
      xml = readXmlFeed(trimmed, feedUrl);
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw new ImportError('malformed', 'import_feed_unreadable', { reason: (error as Error).message }, { cause: error });
    }
    parsed = { format: xml.format, title: xml.title, link: xml.link, items: xml.items.map(fromXml) };
  }
  if (plugin !== 'feed' && PLUGIN_FORMAT[plugin] !== parsed.format) {
    throw new ImportError('wrong_format', 'import_wrong_format', {
      expected: FORMAT_LABEL[PLUGIN_FORMAT[plugin]],
      actual: FORMAT_LABEL[parsed.format],
    });
  }
  return parsed;
}

/** Bytes + Content-Type → ParsedFeed (decode, then parse). */
export function parseFeedBody(
  body: Buffer,
  contentType: string | null,
  plugin: FeedPluginId = 'feed',
  source: FeedSource = {},
): ParsedFeed {
  return parseFeedText(decodeBody(body, contentType), plugin, source);
}

/** How big feeds are read: in groups of items (see split.ts), from what size on. */
export interface GroupOptions {
  /** Items per group (also the write batch of an import). */
  groupItems: number;
  /** Feeds of fewer characters are parsed whole (then sliced into groups). */
  splitFromChars: number;
}

export const DEFAULT_GROUP_OPTIONS: GroupOptions = { groupItems: 1000, splitFromChars: 1024 * 1024 };

/** A feed read group by group: its format and channel fields, and its items in groups, in order. */
export interface GroupedFeed {
  format: FeedFormat;
  title: string;
  link: string | null;
  /** Parsed lazily (each group when it is asked for); a malformed group throws then. */
  groups: Iterable<FeedItem[]>;
}

function* slices<T>(list: T[], size: number): Generator<T[]> {
  for (let from = 0; from < list.length; from += size) yield list.slice(from, from + size);
}

/**
 * Parses feed text in groups of items, so a big feed's parse tree is never all in memory at once:
 * a big XML feed is split at its item boundaries (split.ts) and each group parsed as a feed of its
 * own; a small feed, a JSON Feed or an XML document the splitter does not take is parsed whole.
 * Either way the items, their order and the channel fields are what parseFeedText gives.
 */
export function parseFeedInGroups(
  input: string,
  plugin: FeedPluginId = 'feed',
  options: GroupOptions = DEFAULT_GROUP_OPTIONS,
  source: FeedSource = {},
): GroupedFeed {
  const size = Math.max(1, options.groupItems);
  const split =
    input.length >= options.splitFromChars && !/^\s*[[{]/.test(input.slice(0, 64).replace(/^\uFEFF/, '')) ? splitFeed(input) : null;
  if (!split || split.items.length <= size) {
    const whole = parseFeedText(input, plugin, source);
    const items = whole.items;
    whole.items = [];
    return { format: whole.format, title: whole.title, link: whole.link, groups: slices(items, size) };
  }
  const groupText = (from: number): string => {
    const to = Math.min(from + size, split.items.length);
    // Items with only whitespace between them are one slice (one copy, no rope of a thousand pieces).
    if (split.contiguous) return split.prefix + input.slice(split.items[from]![0], split.items[to - 1]![1]) + split.suffix;
    // Otherwise each item is taken alone: channel markup among the items is carried by the prefix.
    const body: string[] = [];
    for (let i = from; i < to; i += 1) body.push(input.slice(split.items[i]![0], split.items[i]![1]));
    return split.prefix + body.join('') + split.suffix;
  };
  const first = parseFeedText(groupText(0), plugin, source);
  let firstItems: FeedItem[] | null = first.items;
  first.items = [];
  const takeFirst = (): FeedItem[] => {
    const items = firstItems ?? [];
    firstItems = null;
    return items;
  };
  function* groups(): Generator<FeedItem[]> {
    yield takeFirst();
    for (let from = size; from < split!.items.length; from += size) {
      const group = parseFeedText(groupText(from), plugin, source);
      if (group.format !== first.format) throw new ImportError('malformed', 'import_parts_differ');
      yield group.items;
    }
  }
  return { format: first.format, title: first.title, link: first.link, groups: groups() };
}

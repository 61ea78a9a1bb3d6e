/**
 * Feed text → one normalised shape, whatever the format. Parsing is feedsmith's (RSS 0.9x/2.0,
 * RSS 1.0/RDF, Atom 0.3/1.0, JSON Feed 1.x); it runs fast-xml-parser with entity processing off,
 * and on top of that any document that declares entities (<!ENTITY in its DOCTYPE) is refused
 * before parsing, so an entity-expansion attack ("billion laughs") costs one scan of the prolog.
 */
import iconv from 'iconv-lite';
import { DetectError, MalformedError, parseFeed as feedsmithParse } from 'feedsmith';
import { ImportError } from './errors';
import type { FeedPluginId } from './plugins';
import { splitFeed } from './split';

export type FeedFormat = 'rss' | 'rdf' | 'atom' | 'json';

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
const FORMAT_LABEL: Record<FeedFormat, string> = { rss: 'RSS', rdf: 'RSS 1.0 (RDF)', atom: 'Atom', json: 'JSON Feed' };

/** The charset of a Content-Type header value, lower-cased. */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  const match = /charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1] ? match[1].toLowerCase() : null;
}

/**
 * Bytes → text: a BOM wins, then the Content-Type charset, then the XML declaration's encoding,
 * then UTF-8. Unknown charset names are an error rather than silently mangled text.
 */
export function decodeBody(body: Buffer, contentType: string | null | undefined): string {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return body.subarray(3).toString('utf8');
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return iconv.decode(body.subarray(2), 'utf-16le');
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return iconv.decode(body.subarray(2), 'utf-16be');
  let charset = charsetFromContentType(contentType);
  if (!charset) {
    // The declaration is ASCII by definition, so reading the head as latin1 is safe.
    const head = body.subarray(0, 512).toString('latin1');
    const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
    charset = declared?.[1] ? declared[1].toLowerCase() : 'utf-8';
  }
  if (charset === 'utf-8' || charset === 'utf8') return body.toString('utf8');
  if (!iconv.encodingExists(charset)) {
    throw new ImportError('unsupported_format', 'import_unknown_charset', { charset });
  }
  return iconv.decode(body, charset);
}

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
  if (value && typeof value === 'object' && typeof (value as Loose).value === 'string') return (value as Loose).value;
  return '';
}

function first<T>(value: T | T[] | undefined | null): T | undefined {
  return Array.isArray(value) ? value[0] : (value ?? undefined);
}

export function parseDate(value: unknown): Date | null {
  const raw = text(value).trim();
  if (!raw) return null;
  const date = new Date(raw);
  if (!Number.isNaN(date.getTime())) return date;
  // RFC 822 dates with a zone name JavaScript does not know ("Tue, 10 Jun 2003 04:00:00 EST" is fine, "CEST" is not).
  const withoutZone = new Date(raw.replace(/\s+[A-Z]{3,5}$/, ' GMT'));
  return Number.isNaN(withoutZone.getTime()) ? null : withoutZone;
}

function dcField(dc: Loose, name: 'date' | 'creator'): unknown[] {
  if (!dc) return [];
  const values = [dc[name], dc[`${name}s`]].flat().filter((v) => v !== undefined && v !== null);
  return values;
}

function media(item: Loose): Pick<ImageCandidates, 'mediaContents' | 'mediaThumbnails'> {
  const m = item.media ?? {};
  const groups: Loose[] = [m, ...(Array.isArray(m.groups) ? m.groups : [])];
  const mediaContents: ImageCandidates['mediaContents'] = [];
  const mediaThumbnails: string[] = [];
  for (const group of groups) {
    for (const content of group.contents ?? []) {
      if (content?.url) mediaContents.push({ url: String(content.url), type: content.type, medium: content.medium });
      for (const thumb of content?.thumbnails ?? []) if (thumb?.url) mediaThumbnails.push(String(thumb.url));
    }
    for (const thumb of group.thumbnails ?? []) if (thumb?.url) mediaThumbnails.push(String(thumb.url));
  }
  return { mediaContents, mediaThumbnails };
}

function itunesImage(item: Loose): string[] {
  const image = item.itunes?.image;
  const href = typeof image === 'string' ? image : image?.href;
  return href ? [String(href)] : [];
}

function fromRssLike(item: Loose): FeedItem {
  const content = text(item.content?.encoded);
  const description = text(item.description);
  const guid = text(item.guid) || text(item.rdf?.about) || null;
  return {
    guid: guid ? guid.trim() : null,
    link: text(item.link).trim() || null,
    title: text(item.title).trim(),
    html: content || description,
    summary: content && description ? description : null,
    published: parseDate(item.pubDate) ?? parseDate(first(dcField(item.dc, 'date'))),
    authors: [
      ...(item.authors ?? []).map((a: Loose) => text(typeof a === 'string' ? a : (a?.name ?? a))),
      ...dcField(item.dc, 'creator').map(text),
    ].filter(Boolean),
    images: {
      enclosures: (item.enclosures ?? (item.enclosure ? [item.enclosure] : []))
        .filter((e: Loose) => e?.url)
        .map((e: Loose) => ({ url: String(e.url), type: e.type })),
      ...media(item),
      declared: itunesImage(item),
    },
  };
}

function fromAtom(entry: Loose): FeedItem {
  const links: Loose[] = entry.links ?? [];
  const alternate = links.find((l) => !l.rel || l.rel === 'alternate') ?? links[0];
  const content = text(entry.content);
  const summary = text(entry.summary);
  return {
    guid: text(entry.id).trim() || null,
    link: alternate?.href ? String(alternate.href).trim() : null,
    title: text(entry.title).trim(),
    html: content || summary,
    summary: content && summary ? summary : null,
    published: parseDate(entry.published) ?? parseDate(entry.updated) ?? parseDate(first(dcField(entry.dc, 'date'))),
    authors: (entry.authors ?? []).map((a: Loose) => text(a?.name)).filter(Boolean),
    images: {
      enclosures: links
        .filter((l) => l.rel === 'enclosure' && l.href)
        .map((l) => ({ url: String(l.href), type: l.type })),
      ...media(entry),
      declared: itunesImage(entry),
    },
  };
}

function fromJson(item: Loose): FeedItem {
  const html = text(item.content_html);
  const plain = text(item.content_text);
  const summary = text(item.summary);
  return {
    guid: item.id !== undefined && item.id !== null && String(item.id).trim() ? String(item.id).trim() : null,
    link: text(item.url).trim() || text(item.external_url).trim() || null,
    title: text(item.title).trim(),
    html: html || (plain ? `<p>${escapeHtml(plain)}</p>` : summary ? `<p>${escapeHtml(summary)}</p>` : ''),
    summary: (html || plain) && summary ? summary : null,
    published: parseDate(item.date_published) ?? parseDate(item.date_modified),
    authors: [...(item.authors ?? []), ...(item.author ? [item.author] : [])].map((a: Loose) => text(a?.name)).filter(Boolean),
    images: {
      enclosures: (item.attachments ?? [])
        .filter((a: Loose) => a?.url)
        .map((a: Loose) => ({ url: String(a.url), type: a.mime_type })),
      mediaContents: [],
      mediaThumbnails: [],
      declared: [item.image, item.banner_image].filter((v): v is string => typeof v === 'string' && v !== ''),
    },
  };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * Parses feed text. `plugin` 'feed' accepts any format; any other plugin id requires that format
 * (an importer set to Atom that gets RSS says so instead of importing something unexpected).
 */
export function parseFeedText(input: string, plugin: FeedPluginId = 'feed'): ParsedFeed {
  const trimmed = input.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed) throw new ImportError('malformed', 'import_feed_empty');
  let parsed: ReturnType<typeof feedsmithParse>;
  try {
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      let json: unknown;
      try {
        json = JSON.parse(trimmed);
      } catch (error) {
        throw new ImportError('malformed', 'import_feed_bad_json', { reason: (error as Error).message });
      }
      parsed = feedsmithParse(json);
    } else {
      assertNoEntityDeclarations(trimmed);
      parsed = feedsmithParse(trimmed);
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    if (error instanceof MalformedError) throw new ImportError('malformed', 'import_feed_not_well_formed', undefined, { cause: error });
    if (error instanceof DetectError) {
      throw new ImportError('unsupported_format', 'import_not_a_feed', undefined, { cause: error });
    }
    throw new ImportError('malformed', 'import_feed_unreadable', { reason: (error as Error).message }, { cause: error });
  }

  const format = parsed.format as FeedFormat;
  if (plugin !== 'feed' && PLUGIN_FORMAT[plugin] !== format) {
    throw new ImportError('wrong_format', 'import_wrong_format', { expected: FORMAT_LABEL[PLUGIN_FORMAT[plugin]], actual: FORMAT_LABEL[format] });
  }
  const feed = parsed.feed as Loose;
  if (format === 'json') {
    return { format, title: text(feed.title).trim(), link: text(feed.home_page_url).trim() || null, items: (feed.items ?? []).map(fromJson) };
  }
  if (format === 'atom') {
    const links: Loose[] = feed.links ?? [];
    const alternate = links.find((l) => !l.rel || l.rel === 'alternate');
    return { format, title: text(feed.title).trim(), link: alternate?.href ?? null, items: (feed.entries ?? []).map(fromAtom) };
  }
  return { format, title: text(feed.title).trim(), link: text(feed.link).trim() || null, items: (feed.items ?? []).map(fromRssLike) };
}

/** Bytes + Content-Type → ParsedFeed (decode, then parse). */
export function parseFeedBody(body: Buffer, contentType: string | null, plugin: FeedPluginId = 'feed'): ParsedFeed {
  return parseFeedText(decodeBody(body, contentType), plugin);
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
export function parseFeedInGroups(input: string, plugin: FeedPluginId = 'feed', options: GroupOptions = DEFAULT_GROUP_OPTIONS): GroupedFeed {
  const size = Math.max(1, options.groupItems);
  const split = input.length >= options.splitFromChars && !/^\s*[[{]/.test(input.slice(0, 64).replace(/^\uFEFF/, '')) ? splitFeed(input) : null;
  if (!split || split.items.length <= size) {
    const whole = parseFeedText(input, plugin);
    const items = whole.items;
    whole.items = [];
    return { format: whole.format, title: whole.title, link: whole.link, groups: slices(items, size) };
  }
  const groupText = (from: number): string => {
    let body = '';
    const to = Math.min(from + size, split.items.length);
    // The items of a group are contiguous in the text except for channel markup among them, which the prefix carries.
    for (let i = from; i < to; i += 1) body += input.slice(split.items[i]![0], split.items[i]![1]);
    return split.prefix + body + split.suffix;
  };
  const first = parseFeedText(groupText(0), plugin);
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
      const group = parseFeedText(groupText(from), plugin);
      if (group.format !== first.format) throw new ImportError('malformed', 'import_parts_differ');
      yield group.items;
    }
  }
  return { format: first.format, title: first.title, link: first.link, groups: groups() };
}

/**
 * Reading an XML feed (RSS 0.9x/2.0, RSS 1.0/RDF, Atom 0.3/1.0) the way feedparser does: with a
 * forgiving parser (htmlparser2 in XML mode, which closes what a feed left open instead of giving
 * up), element names resolved by their namespace rather than their prefix, and every item the
 * document holds taken wherever it sits. So a feed wrapped in an XHTML page, an RSS whose elements
 * carry a prefix, an <rss> without <channel>, or items swallowed by an element left open (an
 * unclosed <itunes:category>) all read like the plain feed they are.
 *
 * An item is an item when it has a link, a GUID or any text, whatever elements carry them; its text
 * is read from every element feedparser reads (content:encoded, XHTML <body>, <fullitem>,
 * description, media:description, itunes:summary), dates also from dcterms, Atom 0.3 base64 text
 * decoded, and links resolved against xml:base, then the feed's URL.
 */
import type { Document, Element } from 'domhandler';
import { getInnerHTML, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { ImportError } from './errors';

/** Namespace URIs → the family their elements are read as ('' = RSS's own elements). */
const NAMESPACES: Record<string, string> = {
  'http://www.w3.org/2005/atom': 'atom',
  'http://purl.org/atom/ns#': 'atom',
  'http://backend.userland.com/rss2': '',
  'http://backend.userland.com/rss': '',
  'http://purl.org/rss/1.0/': '',
  'http://my.netscape.com/rdf/simple/0.9/': '',
  'http://channel.netscape.com/rdf/simple/0.9/': '',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#': 'rdf',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://purl.org/dc/elements/1.0/': 'dc',
  'http://purl.org/dc/terms/': 'dcterms',
  'http://purl.org/rss/1.0/modules/content/': 'content',
  'http://search.yahoo.com/mrss/': 'media',
  'http://search.yahoo.com/mrss': 'media',
  'http://video.search.yahoo.com/mrss': 'media',
  'http://video.search.yahoo.com/mrss/': 'media',
  'http://tools.search.yahoo.com/mrss/': 'media',
  'http://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'https://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'http://example.com/dtds/podcast-1.0.dtd': 'itunes',
  'http://www.w3.org/1999/xhtml': '',
};
/** Prefixes read as their usual namespace when a feed uses them without declaring them. */
const UNDECLARED_PREFIXES = new Set(['atom', 'dc', 'dcterms', 'content', 'media', 'itunes', 'rdf']);

/**
 * Renames every element to `family:local` (or just `local` for RSS's and XHTML's own elements) by
 * the namespace in scope, so the reader below matches names, not prefixes. Iterative: a deeply
 * nested document cannot overflow the stack.
 */
function canonicaliseNames(document: Document): void {
  const stack: Array<{ node: Element; scope: Map<string, string> }> = [];
  const rootScope = new Map<string, string>();
  const push = (children: Document['children'], scope: Map<string, string>) => {
    for (let i = children.length - 1; i >= 0; i -= 1) {
      const child = children[i]!;
      if (child.type === 'tag' || child.type === 'script' || child.type === 'style') stack.push({ node: child as Element, scope });
    }
  };
  push(document.children, rootScope);
  while (stack.length > 0) {
    const { node, scope: parentScope } = stack.pop()!;
    let scope = parentScope;
    for (const [attribute, value] of Object.entries(node.attribs)) {
      if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) {
        if (scope === parentScope) scope = new Map(parentScope);
        scope.set(attribute === 'xmlns' ? '' : attribute.slice(6), value.trim().toLowerCase());
      }
    }
    const colon = node.name.indexOf(':');
    const prefix = colon >= 0 ? node.name.slice(0, colon) : '';
    const local = colon >= 0 ? node.name.slice(colon + 1) : node.name;
    const uri = scope.get(prefix);
    let family: string | undefined = uri === undefined ? undefined : NAMESPACES[uri];
    if (family === undefined) {
      if (uri === undefined && (prefix === '' || UNDECLARED_PREFIXES.has(prefix.toLowerCase()))) family = prefix.toLowerCase();
      else family = prefix ? `${prefix}` : '';
    }
    node.name = family ? `${family}:${local}` : local;
    push(node.children, scope);
  }
}

function elements(node: Element | Document): Element[] {
  return node.children.filter((child): child is Element => child.type === 'tag' || child.type === 'script' || child.type === 'style');
}

/** The first child element with one of these names. */
function child(node: Element, ...names: string[]): Element | undefined {
  for (const name of names) {
    const found = node.children.find((c) => (c as Element).name === name) as Element | undefined;
    if (found) return found;
  }
  return undefined;
}

function children(node: Element, name: string): Element[] {
  return elements(node).filter((c) => c.name === name);
}

function text(node: Element | undefined): string {
  return node ? textContent(node).trim() : '';
}

/**
 * An RSS element that holds HTML: escaped or in CDATA (its text), or, as some feeds write it, as
 * markup straight in the element (read as markup, as feedparser does).
 */
function html(node: Element | undefined): string {
  if (!node) return '';
  return elements(node).length > 0 ? innerMarkup(node) : textContent(node).trim();
}

function attribute(node: Element | undefined, name: string): string {
  return (node?.attribs[name] ?? '').trim();
}

/** Depth-first, document order: the first element with one of these names. */
function findFirst(root: Document, names: Set<string>): Element | null {
  const stack = [...elements(root)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (names.has(node.name)) return node;
    stack.push(...elements(node).reverse());
  }
  return null;
}

/** Every element with this name under `root`, in document order, not looking inside one found. */
function findItems(root: Element, name: string | Set<string>): Element[] {
  const matches = typeof name === 'string' ? (n: string) => n === name : (n: string) => name.has(n);
  const found: Element[] = [];
  const stack = [...elements(root)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (matches(node.name)) {
      found.push(node);
      continue;
    }
    stack.push(...elements(node).reverse());
  }
  return found;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Text that is HTML although its element says nothing about it (as feedparser's looks-like-HTML test: a closing tag or <br>). */
function looksLikeHtml(value: string): boolean {
  return /<\/[a-z][a-z0-9]*\s*>|<br\s*\/?>/i.test(value);
}

/**
 * Plain text as HTML: paragraphs at blank lines, line breaks kept (YouTube and podcast
 * descriptions are plain text); text that already is HTML is kept as it is.
 */
export function textToHtml(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  if (looksLikeHtml(trimmed)) return trimmed;
  return trimmed
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/** The markup inside an element (XHTML content), as HTML: elements by their local names (an undeclared XHTML namespace leaves them in the feed's). */
function innerMarkup(node: Element): string {
  const stack = elements(node);
  while (stack.length > 0) {
    const element = stack.pop()!;
    element.name = element.name.slice(element.name.indexOf(':') + 1);
    stack.push(...elements(element));
  }
  const inner = elements(node);
  // Atom's type="xhtml" wraps its content in one <div>, which is not part of it.
  const loneDiv = inner.length === 1 && inner[0]!.name === 'div' && !node.children.some((c) => c.type === 'text' && c.data.trim());
  return getInnerHTML(loneDiv ? inner[0]! : node, { xmlMode: false }).trim();
}

function decodeBase64(value: string): string {
  return Buffer.from(value.replace(/\s+/g, ''), 'base64').toString('utf8');
}

/**
 * Whether a text construct holds base64 (feedparser's rule): Atom 0.3 mode="base64", or an Atom
 * 1.0 type that is a MIME type neither text/* nor XML (type="application/octet-stream").
 */
function isBase64(type: string, mode: string): boolean {
  if (mode === 'base64') return true;
  if (!type.includes('/')) return false;
  return !(type.startsWith('text/') || type.endsWith('+xml') || type.endsWith('/xml'));
}

/** An Atom text construct (1.0 type text/html/xhtml or a MIME type; 0.3 mode xml/escaped/base64) as HTML. */
function atomText(node: Element | undefined): string {
  if (!node) return '';
  const type = attribute(node, 'type').toLowerCase();
  const mode = attribute(node, 'mode').toLowerCase();
  const isHtml = type === 'html' || type === 'text/html' || mode === 'escaped';
  if (isBase64(type, mode)) {
    const decoded = decodeBase64(textContent(node));
    return type === 'text' || type === 'text/plain' ? escapeHtml(decoded) : decoded.trim();
  }
  if (type === 'xhtml' || type === 'application/xhtml+xml' || (mode === 'xml' && elements(node).length > 0)) return innerMarkup(node);
  if (isHtml) return textContent(node).trim();
  // Atom 1.0 text (the default), Atom 0.3 text/plain: no markup, so it is escaped.
  if (type === '' && elements(node).length > 0) return innerMarkup(node);
  return escapeHtml(textContent(node).trim());
}

/** The URL relative references of `node` resolve against: the xml:base in scope (resolved in turn), else `fallback`. */
function baseOf(node: Element, fallback: string | null): string | null {
  const bases: string[] = [];
  for (let current: Element | null = node; current; current = current.parent as Element | null) {
    const base = current.attribs?.['xml:base'];
    if (base !== undefined) bases.push(base.trim());
  }
  let resolved = fallback;
  for (let i = bases.length - 1; i >= 0; i -= 1) resolved = resolve(bases[i]!, resolved) ?? resolved;
  return resolved;
}

/** `value` resolved against `base` (as the URL standard writes it); as it is when it cannot be resolved. */
export function resolve(value: string, base: string | null): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  try {
    return new URL(trimmed, base ?? undefined).toString();
  } catch {
    return trimmed;
  }
}

/** The raw fields of one item, before parse.ts turns them into a FeedItem. */
export interface XmlItem {
  guid: string | null;
  link: string | null;
  /** HTML (RSS titles may hold markup; Atom text titles are escaped). */
  title: string;
  content: string;
  description: string;
  dates: string[];
  authors: string[];
  enclosures: Array<{ url: string; type?: string }>;
  mediaContents: Array<{ url: string; type?: string; medium?: string }>;
  mediaThumbnails: string[];
  declared: string[];
  /** What relative URLs in the item's text resolve against. */
  base: string | null;
  /** What names an item without a title or text (a category, its source, a link), else ''. */
  hint: string;
  /**
   * Only for an item without a GUID, link, title or text (null otherwise): every text and attribute
   * value it holds, which tells such items apart; '' when it holds nothing at all.
   */
  fingerprint: string | null;
}

export interface XmlFeed {
  format: 'rss' | 'rdf' | 'atom' | 'cdf';
  title: string;
  link: string | null;
  items: XmlItem[];
}

const ROOTS = new Set(['rss', 'rdf:RDF', 'atom:feed', 'feed', 'channel']);
/** Channel Definition Format (Microsoft's CDF, read by feedparser): upper-case element names. */
const CDF_ROOT = new Set(['CHANNEL']);

/** media:title / media:description of an item: its own, or its media:group's, or its media:content's. */
function mediaText(item: Element, name: 'media:title' | 'media:description'): string {
  const direct = child(item, name);
  if (direct) return text(direct);
  for (const holder of [...children(item, 'media:group'), ...children(item, 'media:content')]) {
    const found =
      child(holder, name) ??
      children(holder, 'media:content')
        .map((c) => child(c, name))
        .find(Boolean);
    if (found && text(found)) return text(found);
  }
  return '';
}

/** A media text as HTML (plain text unless it is markup already). */
function mediaHtml(item: Element, name: 'media:title' | 'media:description'): string {
  const value = mediaText(item, name);
  return value ? textToHtml(value) : '';
}

function mediaImages(item: Element, base: string | null): Pick<XmlItem, 'mediaContents' | 'mediaThumbnails'> {
  const mediaContents: XmlItem['mediaContents'] = [];
  const mediaThumbnails: string[] = [];
  const holders = [item, ...children(item, 'media:group')];
  for (const holder of holders) {
    for (const content of children(holder, 'media:content')) {
      const url = attribute(content, 'url');
      if (url)
        mediaContents.push({
          url: resolve(url, base)!,
          type: attribute(content, 'type') || undefined,
          medium: attribute(content, 'medium') || undefined,
        });
      for (const thumb of children(content, 'media:thumbnail'))
        if (attribute(thumb, 'url')) mediaThumbnails.push(resolve(attribute(thumb, 'url'), base)!);
    }
    for (const thumb of children(holder, 'media:thumbnail'))
      if (attribute(thumb, 'url')) mediaThumbnails.push(resolve(attribute(thumb, 'url'), base)!);
  }
  return { mediaContents, mediaThumbnails };
}

function itunesImage(item: Element, base: string | null): string[] {
  const image = child(item, 'itunes:image');
  const href = attribute(image, 'href') || text(image);
  return href ? [resolve(href, base)!] : [];
}

const DATE_FIELDS_RSS = ['pubDate', 'dc:date', 'dcterms:issued', 'dcterms:created', 'dcterms:modified', 'atom:published', 'atom:updated'];
const DATE_FIELDS_ATOM = [
  'atom:published',
  'published',
  'atom:issued',
  'issued',
  'atom:created',
  'created',
  'atom:updated',
  'updated',
  'atom:modified',
  'modified',
  'dc:date',
  'dcterms:issued',
  'dcterms:created',
  'dcterms:modified',
];

function dates(item: Element, fields: string[]): string[] {
  return fields.map((name) => text(child(item, name))).filter(Boolean);
}

/** An XHTML <body> (any prefix: the namespace made it `body`) or <fullitem>, as HTML. */
function bodyElement(item: Element): string {
  return html(child(item, 'body')) || html(child(item, 'fullitem'));
}

/**
 * An <enclosure> is empty; one left open (<enclosure url="…">) holds the rest of its item, which
 * is the item's own (its <title>, <link>, <pubDate>): those are moved back up to the item.
 */
function unnestEnclosures(item: Element): void {
  for (let i = 0; i < item.children.length; i += 1) {
    const node = item.children[i]!;
    if (node.type !== 'tag' || (node as Element).name !== 'enclosure') continue;
    const inner = (node as Element).children;
    if (inner.length === 0) continue;
    for (const moved of inner) moved.parent = item;
    item.children.splice(i + 1, 0, ...inner);
    (node as Element).children = [];
  }
}

/** The attributes that name what a thin item is about, in the order they are taken as its title. */
const HINT_ATTRIBUTES = ['label', 'term', 'text', 'title'];
/** The attributes that hold where a thin item points. */
const LINK_ATTRIBUTES = ['href', 'url', 'xlink:href', 'rdf:resource'];

/**
 * What an item without a title or text is about, for its title: a category (label, term or
 * text), its source's title, else a URL it points to (a link of any rel, an enclosure), else a
 * place (GeoRSS); '' when it holds none of these.
 */
function hintOf(item: Element): string {
  const found = (names: Set<string> | null, read: (node: Element) => string): string => {
    const stack = [...elements(item)].reverse();
    while (stack.length > 0) {
      const node = stack.pop()!;
      const local = node.name.slice(node.name.indexOf(':') + 1).toLowerCase();
      if (!names || names.has(local)) {
        const value = read(node);
        if (value) return value;
      }
      stack.push(...elements(node).reverse());
    }
    return '';
  };
  const named = (node: Element) => HINT_ATTRIBUTES.map((name) => attribute(node, name)).find(Boolean) ?? text(node);
  const linked = (node: Element) => LINK_ATTRIBUTES.map((name) => attribute(node, name)).find(Boolean) ?? '';
  return (
    found(new Set(['category', 'subject', 'keywords']), named) ||
    found(new Set(['source']), (node) => text(child(node, 'atom:title', 'title')) || (elements(node).length === 0 ? text(node) : '')) ||
    found(new Set(['link']), (node) => linked(node) || (elements(node).length === 0 ? text(node) : '')) ||
    found(null, linked) ||
    found(new Set(['point', 'line', 'polygon', 'box', 'pos']), text)
  ).replace(/\s+/g, ' ');
}

/** Every text and attribute value an item holds, in document order ('' when it holds nothing). */
function fingerprintOf(item: Element): string {
  const parts: string[] = [];
  const stack: Array<Element['children'][number]> = [item];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text' || node.type === 'cdata') {
      const value = node.type === 'text' ? node.data.trim() : textContent(node).trim();
      if (value) parts.push(value);
    } else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const element = node as Element;
      for (const [name, value] of Object.entries(element.attribs))
        if (value.trim() && !name.startsWith('xmlns')) parts.push(`${name}=${value.trim()}`);
      for (let i = element.children.length - 1; i >= 0; i -= 1) stack.push(element.children[i]!);
    }
  }
  return parts.join('\n');
}

function fromRss(item: Element, feedBase: string | null): XmlItem {
  unnestEnclosures(item);
  const itemBase = baseOf(item, feedBase);
  const linkElement = child(item, 'link');
  const guidElement = child(item, 'guid');
  const guid = text(guidElement) || attribute(item, 'rdf:about') || null;
  let link = linkElement ? resolve(text(linkElement) || attribute(linkElement, 'href'), baseOf(linkElement, feedBase)) : null;
  if (!link) {
    const atomLink = children(item, 'atom:link').find((l) => !attribute(l, 'rel') || attribute(l, 'rel') === 'alternate');
    if (atomLink && attribute(atomLink, 'href')) link = resolve(attribute(atomLink, 'href'), baseOf(atomLink, feedBase));
  }
  // As feedparser: a GUID that is a permalink (isPermaLink absent or true) is the link of an item without one.
  if (!link && guid && guidElement && attribute(guidElement, 'isPermaLink').toLowerCase() !== 'false' && /^https?:\/\//i.test(guid))
    link = guid;
  const content = html(child(item, 'content:encoded')) || bodyElement(item) || atomText(child(item, 'atom:content'));
  const description =
    html(child(item, 'description')) ||
    html(child(item, 'dc:description')) ||
    atomText(child(item, 'atom:summary')) ||
    mediaHtml(item, 'media:description') ||
    textToHtml(text(child(item, 'itunes:summary')));
  const base = baseWithin(item, feedBase, link);
  const title = html(child(item, 'title')) || html(child(item, 'dc:title')) || escapeHtml(mediaText(item, 'media:title'));
  return {
    guid,
    link,
    title,
    content,
    description,
    dates: dates(item, DATE_FIELDS_RSS),
    authors: [
      ...new Set(
        ['author', 'dc:creator', 'dc:author', 'itunes:author'].flatMap((name) => children(item, name).map((a) => text(a))).filter(Boolean),
      ),
    ],
    enclosures: children(item, 'enclosure')
      .filter((e) => attribute(e, 'url'))
      .map((e) => ({ url: resolve(attribute(e, 'url'), itemBase)!, type: attribute(e, 'type') || undefined })),
    ...mediaImages(item, itemBase),
    declared: itunesImage(item, itemBase),
    base,
    ...thin(item, guid, link, title, content || description),
  };
}

/** The hint of an item with no title or text, and the fingerprint of one with no GUID or link either (others need neither). */
function thin(item: Element, guid: string | null, link: string | null, title: string, body: string): Pick<XmlItem, 'hint' | 'fingerprint'> {
  if (title || body) return { hint: '', fingerprint: null };
  return { hint: hintOf(item), fingerprint: guid || link ? null : fingerprintOf(item) };
}

/**
 * What relative URLs in an item's text resolve against: an xml:base in scope, else the item's
 * link (the text was written for that page), else the feed's URL.
 */
function baseWithin(item: Element, feedBase: string | null, link: string | null): string | null {
  const declared = baseOf(item, null);
  if (declared && /^https?:/i.test(declared)) return declared;
  if (link && /^https?:/i.test(link)) return link;
  return declared ?? feedBase;
}

function fromAtom(entry: Element, feedBase: string | null): XmlItem {
  const itemBase = baseOf(entry, feedBase);
  // A link without href="" that holds its URL as text is read as feedparser reads it: that URL.
  const href = (l: Element) => attribute(l, 'href') || (elements(l).length === 0 ? text(l) : '');
  const links = [...children(entry, 'atom:link'), ...children(entry, 'link')].filter((l) => href(l));
  const rel = (l: Element) => attribute(l, 'rel') || 'alternate';
  const alternate =
    links.find((l) => rel(l) === 'alternate' && /html/i.test(attribute(l, 'type') || 'html')) ??
    links.find((l) => rel(l) === 'alternate') ??
    links.find((l) => rel(l) !== 'enclosure' && rel(l) !== 'self');
  const link = alternate ? resolve(href(alternate), baseOf(alternate, feedBase)) : null;
  const contentElement = child(entry, 'atom:content', 'content');
  const content = contentElement && !attribute(contentElement, 'src') ? atomText(contentElement) : '';
  const description =
    atomText(child(entry, 'atom:summary', 'summary')) ||
    mediaHtml(entry, 'media:description') ||
    textToHtml(text(child(entry, 'itunes:summary')));
  const declaredBase = contentElement ? baseOf(contentElement, null) : null;
  const guid = text(child(entry, 'atom:id', 'id')) || null;
  const title =
    atomText(child(entry, 'atom:title', 'title')) || text(child(entry, 'dc:title')) || escapeHtml(mediaText(entry, 'media:title'));
  return {
    guid,
    link,
    title,
    content,
    description,
    dates: dates(entry, DATE_FIELDS_ATOM),
    authors: [
      ...[...children(entry, 'atom:author'), ...children(entry, 'author')].map((a) => text(child(a, 'atom:name', 'name')) || text(a)),
      ...children(entry, 'dc:creator').map((a) => text(a)),
    ].filter(Boolean),
    enclosures: links
      .filter((l) => rel(l) === 'enclosure')
      .map((l) => ({ url: resolve(href(l), baseOf(l, feedBase))!, type: attribute(l, 'type') || undefined })),
    ...mediaImages(entry, itemBase),
    declared: itunesImage(entry, itemBase),
    base: declaredBase && /^https?:/i.test(declaredBase) ? declaredBase : baseWithin(entry, feedBase, link),
    ...thin(entry, guid, link, title, content || description),
  };
}

/**
 * A Channel Definition Format item (<ITEM HREF="…" LASTMOD="…"><TITLE/><ABSTRACT/></ITEM>), as
 * feedparser reads it: HREF is the link, ABSTRACT the text, LASTMOD the date.
 */
function fromCdf(item: Element, feedBase: string | null): XmlItem {
  const base = baseOf(item, feedBase);
  const link = attribute(item, 'HREF') ? resolve(attribute(item, 'HREF'), base) : null;
  const title = escapeHtml(text(child(item, 'TITLE')));
  const description = textToHtml(text(child(item, 'ABSTRACT')));
  return {
    guid: null,
    link,
    title,
    content: '',
    description,
    dates: [attribute(item, 'LASTMOD')].filter(Boolean),
    authors: [],
    enclosures: [],
    mediaContents: [],
    mediaThumbnails: [],
    declared: [],
    base: link && /^https?:/i.test(link) ? link : base,
    ...thin(item, null, link, title, description),
  };
}

/** A CDF document: its channel (the first <CHANNEL>, whose BASE and HREF its items resolve against) and every <ITEM> in it. */
function readCdf(root: Element, feedUrl: string | null): XmlFeed {
  // CDF's BASE attribute is its xml:base.
  const feedBase = resolve(attribute(root, 'BASE'), feedUrl) ?? feedUrl;
  return {
    format: 'cdf',
    title: text(child(root, 'TITLE')),
    link: attribute(root, 'HREF') ? resolve(attribute(root, 'HREF'), feedBase) : null,
    items: findItems(root, 'ITEM').map((item) => fromCdf(item, feedBase)),
  };
}

/**
 * Reads an XML feed: every item or entry the document holds is an item, as feedparser reads it,
 * however little it holds (an item holding nothing at all is marked so by an empty fingerprint,
 * and the run reports it on its own). Throws ImportError when the document is no feed.
 */
export function readXmlFeed(input: string, feedUrl: string | null = null): XmlFeed {
  const document = parseDocument(input, { xmlMode: true });
  canonicaliseNames(document);
  const root = findFirst(document, ROOTS);
  if (!root) {
    const cdf = findFirst(document, CDF_ROOT);
    if (cdf) return readCdf(cdf, feedUrl);
    throw new ImportError('unsupported_format', 'import_not_a_feed');
  }
  const feedBase = baseOf(root, feedUrl);
  if (root.name === 'atom:feed' || root.name === 'feed') {
    const items = findItems(root, new Set(['atom:entry', 'entry'])).map((entry) => fromAtom(entry, feedBase));
    const links = [...children(root, 'atom:link'), ...children(root, 'link')];
    const alternate = links.find((l) => (attribute(l, 'rel') || 'alternate') === 'alternate' && attribute(l, 'href'));
    return {
      format: 'atom',
      title: text(child(root, 'atom:title', 'title')),
      link: alternate ? resolve(attribute(alternate, 'href'), baseOf(alternate, feedUrl)) : null,
      items,
    };
  }
  const format = root.name === 'rdf:RDF' ? 'rdf' : 'rss';
  const channel = root.name === 'channel' ? root : (findItems(root, 'channel')[0] ?? root);
  const items = findItems(root, 'item').map((item) => fromRss(item, feedBase));
  const linkElement = child(channel, 'link');
  return {
    format,
    title: text(child(channel, 'title')),
    link: linkElement ? resolve(text(linkElement) || attribute(linkElement, 'href'), baseOf(linkElement, feedUrl)) : null,
    items,
  };
}

/**
 * The parts of an item every format reads alike: media and iTunes images and texts, dates, an XHTML
 * body, enclosures left nested, and what names a thin item (its hint) or tells it apart (its fingerprint).
 */
import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import { attribute, child, children, elements, html, text } from './xml-dom';
import type { XmlItem } from './xml-item-types';
import { baseOf, resolve, textToHtml } from './xml-text';

/** media:title / media:description of an item: its own, or its media:group's, or its media:content's. */
export function mediaText(item: Element, name: 'media:title' | 'media:description'): string {
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
export function mediaHtml(item: Element, name: 'media:title' | 'media:description'): string {
  const value = mediaText(item, name);
  return value ? textToHtml(value) : '';
}

export function mediaImages(item: Element, base: string | null): Pick<XmlItem, 'mediaContents' | 'mediaThumbnails'> {
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

export function itunesImage(item: Element, base: string | null): string[] {
  const image = child(item, 'itunes:image');
  const href = attribute(image, 'href') || text(image);
  return href ? [resolve(href, base)!] : [];
}

export const DATE_FIELDS_RSS = [
  'pubDate',
  'dc:date',
  'dcterms:issued',
  'dcterms:created',
  'dcterms:modified',
  'atom:published',
  'atom:updated',
];
export const DATE_FIELDS_ATOM = [
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

export function dates(item: Element, fields: string[]): string[] {
  return fields.map((name) => text(child(item, name))).filter(Boolean);
}

/** An XHTML <body> (any prefix: the namespace made it `body`) or <fullitem>, as HTML. */
export function bodyElement(item: Element): string {
  return html(child(item, 'body')) || html(child(item, 'fullitem'));
}

/**
 * An <enclosure> is empty; one left open (<enclosure url="…">) holds the rest of its item, which
 * is the item's own (its <title>, <link>, <pubDate>): those are moved back up to the item.
 */
export function unnestEnclosures(item: Element): void {
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

/** The hint of an item with no title or text, and the fingerprint of one with no GUID or link either (others need neither). */
export function thin(
  item: Element,
  guid: string | null,
  link: string | null,
  title: string,
  body: string,
): Pick<XmlItem, 'hint' | 'fingerprint'> {
  if (title || body) return { hint: '', fingerprint: null };
  return { hint: hintOf(item), fingerprint: guid || link ? null : fingerprintOf(item) };
}

/**
 * What relative URLs in an item's text resolve against: an xml:base in scope, else the item's
 * link (the text was written for that page), else the feed's URL.
 */
export function baseWithin(item: Element, feedBase: string | null, link: string | null): string | null {
  const declared = baseOf(item, null);
  if (declared && /^https?:/i.test(declared)) return declared;
  if (link && /^https?:/i.test(link)) return link;
  return declared ?? feedBase;
}

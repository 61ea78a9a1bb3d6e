/** One item or entry of each format (RSS and RDF, Atom, CDF) read into its raw fields. */
import type { Element } from 'domhandler';
import { attribute, child, children, elements, html, text } from './xml-dom';
import {
  baseWithin,
  bodyElement,
  DATE_FIELDS_ATOM,
  DATE_FIELDS_RSS,
  dates,
  itunesImage,
  mediaHtml,
  mediaImages,
  mediaText,
  thin,
  unnestEnclosures,
} from './xml-item-parts';
import type { XmlItem } from './xml-item-types';
import { atomText, baseOf, escapeHtml, resolve, textToHtml } from './xml-text';

export function fromRss(item: Element, feedBase: string | null): XmlItem {
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

export function fromAtom(entry: Element, feedBase: string | null): XmlItem {
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
export function fromCdf(item: Element, feedBase: string | null): XmlItem {
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

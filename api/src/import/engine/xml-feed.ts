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
import type { Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { ImportError } from './errors';
import { attribute, canonicaliseNames, child, children, findFirst, findItems, text } from './xml-dom';
import type { XmlFeed } from './xml-item-types';
import { fromAtom, fromCdf, fromRss } from './xml-items';
import { baseOf, resolve } from './xml-text';

export { escapeHtml, resolve } from './xml-text';
export type { XmlFeed, XmlItem } from './xml-item-types';

const ROOTS = new Set(['rss', 'rdf:RDF', 'atom:feed', 'feed', 'channel']);
/** Channel Definition Format (Microsoft's CDF, read by feedparser): upper-case element names. */
const CDF_ROOT = new Set(['CHANNEL']);

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

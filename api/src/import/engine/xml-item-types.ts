/** What the XML reader gives parse.ts: the raw fields of a feed and its items. */

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

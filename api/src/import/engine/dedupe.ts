/**
 * The dedupe key of an item, per importer, as feedparser-based readers identify entries: its GUID
 * when it has one, else its link, and a hash of its title and text only when it has neither.
 * Two items with different GUIDs are different items even when their text is the same (a daily
 * "Weather: sunny" must not swallow the next day's), within one feed and across runs.
 *
 * Keys are stored as SHA-256 so their length is bounded whatever the feed sends. Runs before this
 * rule stored all three keys of every item; the one key used now is always among them, so items
 * imported then are still recognised (a second run creates nothing) without a migration.
 */
import { createHash } from 'node:crypto';
import type { FeedItem } from './parse';
import { plainText } from './sanitize';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A link without the parts that do not name a different page (fragment, tracking parameters, case of scheme/host). */
export function normaliseLink(link: string): string {
  try {
    const url = new URL(link.trim());
    url.hash = '';
    for (const name of [...url.searchParams.keys()]) {
      if (/^(utm_|fbclid$|gclid$)/i.test(name)) url.searchParams.delete(name);
    }
    return url.toString();
  } catch {
    return link.trim();
  }
}

/** Text without markup, entities or case (the same words hash the same however they are marked up). */
function normaliseText(value: string): string {
  return plainText(value.replace(/<[^>]*>/g, ' ')).toLowerCase();
}

export type DedupeKind = 'guid' | 'link' | 'hash';

export interface DedupeKey {
  kind: DedupeKind;
  key: string;
}

/**
 * The item's dedupe key (a list, so a reader may add aliases): GUID, else link, else content hash.
 * An item with no title or text either (only a category, a source, a place…) hashes everything it
 * holds, so two such items that differ are two items; one holding nothing at all has no key (it is
 * never imported, and is reported on every run).
 */
export function dedupeKeys(item: Pick<FeedItem, 'guid' | 'link' | 'title' | 'html'> & Partial<Pick<FeedItem, 'fingerprint'>>): DedupeKey[] {
  const guid = item.guid?.trim();
  if (guid) return [{ kind: 'guid', key: `guid:${sha256(guid)}` }];
  const link = item.link?.trim();
  if (link) return [{ kind: 'link', key: `link:${sha256(normaliseLink(link))}` }];
  if (item.fingerprint === '') return [];
  const text = `${normaliseText(item.title)}\n${normaliseText(item.html)}`;
  // Items with a title or text hash as they always have (keys stored by earlier runs still match).
  const hashed = text === '\n' && item.fingerprint ? `${text}\n${item.fingerprint}` : text;
  return [{ kind: 'hash', key: `hash:${sha256(hashed)}` }];
}

/**
 * Dedupe keys of an item, per importer: its GUID, then its link, then a hash of its content.
 * An item is a duplicate when any of its keys was seen before (a feed that changes its GUIDs
 * but keeps links, or re-posts the same text under a new link, still creates nothing new).
 * Keys are stored as SHA-256 so their length is bounded whatever the feed sends.
 */
import { createHash } from 'node:crypto';
import type { FeedItem } from './parse';

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

function normaliseText(value: string): string {
  return value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
}

export type DedupeKind = 'guid' | 'link' | 'hash';

export interface DedupeKey {
  kind: DedupeKind;
  key: string;
}

export function dedupeKeys(item: Pick<FeedItem, 'guid' | 'link' | 'title' | 'html'>): DedupeKey[] {
  const keys: DedupeKey[] = [];
  if (item.guid) keys.push({ kind: 'guid', key: `guid:${sha256(item.guid.trim())}` });
  if (item.link) keys.push({ kind: 'link', key: `link:${sha256(normaliseLink(item.link))}` });
  keys.push({ kind: 'hash', key: `hash:${sha256(`${normaliseText(item.title)}\n${normaliseText(item.html)}`)}` });
  return keys;
}

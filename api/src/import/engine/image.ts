/**
 * The item's own image (Defaults "Main Image" = 1, "Use image from article if available"):
 * an image enclosure, then media:content, then media:thumbnail, then an image the format
 * declares (JSON Feed image/banner_image, iTunes episode image), then the first <img> of the
 * content (not a 1×1 tracking pixel). Only absolute http(s) URLs are used (relative ones are
 * resolved against the item's base: xml:base, its link, the feed URL). The run then fetches and stores
 * the image like an upload (item-images.ts), so it is served from here.
 */
import type { FeedItem } from './parse';
import { isTrackingPixel } from './sanitize';
import { isHttpUrl } from 'contracts/rules/http-url';

const IMAGE_EXTENSION = /\.(?:jpe?g|png|gif|webp|avif|bmp|svg)(?:$|[?#])/i;
const IMG = /<img\b[^>]*>/gi;
const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
const SRC = ATTRIBUTE('src');
const WIDTH = ATTRIBUTE('width');
const HEIGHT = ATTRIBUTE('height');

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** An absolute http(s) URL, resolved against `base`, or null. */
export function absoluteHttpUrl(raw: string | undefined | null, base?: string | null): string | null {
  const value = (raw ?? '').trim();
  if (!value) return null;
  try {
    const url = base ? new URL(value, base) : new URL(value);
    return isHttpUrl(url.href) ? url.toString() : null;
  } catch {
    return null;
  }
}

function looksLikeImage(url: string, type?: string, medium?: string): boolean {
  if (medium) return medium.toLowerCase() === 'image';
  if (type) return type.toLowerCase().startsWith('image/');
  try {
    return IMAGE_EXTENSION.test(new URL(url).pathname);
  } catch {
    return IMAGE_EXTENSION.test(url);
  }
}

function attributeValue(tag: string, pattern: RegExp): string | undefined {
  const match = pattern.exec(tag);
  return match ? decodeAttribute(match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

/** The first <img src> of an HTML fragment that is not a 1×1 tracking pixel. */
export function firstImageInHtml(html: string): string | null {
  for (const [tag] of html.matchAll(IMG)) {
    const src = attributeValue(tag, SRC);
    if (!src) continue;
    if (isTrackingPixel({ width: attributeValue(tag, WIDTH), height: attributeValue(tag, HEIGHT) })) continue;
    return src;
  }
  return null;
}

export function pickItemImage(
  item: Pick<FeedItem, 'images' | 'html' | 'summary' | 'link'> & { base?: string | null },
  feedLink?: string | null,
): string | null {
  const base = item.base ?? item.link ?? feedLink ?? null;
  const { enclosures, mediaContents, mediaThumbnails, declared } = item.images;
  const candidates: Array<string | null> = [
    ...enclosures.filter((e) => looksLikeImage(e.url, e.type)).map((e) => e.url),
    ...mediaContents.filter((m) => looksLikeImage(m.url, m.type, m.medium)).map((m) => m.url),
    ...mediaThumbnails,
    ...declared,
    firstImageInHtml(item.html),
    item.summary ? firstImageInHtml(item.summary) : null,
  ];
  for (const candidate of candidates) {
    const url = absoluteHttpUrl(candidate, base);
    if (url) return url;
  }
  return null;
}

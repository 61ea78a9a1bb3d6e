/**
 * Imported HTML is untrusted: it gets the article editor's allowlist (lib/sanitize-html.ts),
 * so an imported article holds exactly what the editor could have saved: no scripts, styles,
 * event handlers, foreign iframes or javascript:/data: URLs.
 */
import sanitizeHtml from 'sanitize-html';
import { decodeEntitiesAndFoldSpaces } from 'contracts/rules/html-text';
import { RICH_TEXT_OPTIONS } from '../../lib/sanitize-html';

/**
 * sanitize-html builds its output by concatenation, which V8 keeps as a rope of many small pieces
 * (several times the size of the text) until something reads it whole. Imports hold thousands
 * of these at once, so each is flattened here (a numeric conversion makes V8 flatten the rope).
 */
export function flatten(value: string): string {
  // eslint-disable-next-line @typescript-eslint/no-unused-expressions
  (value as unknown as number) | 0;
  return value;
}

/** `value` resolved against `base` when it is relative; as it is when it cannot be. */
function resolveUrl(value: string | undefined, base: string): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (!trimmed || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  try {
    return new URL(trimmed, base).toString();
  } catch {
    return trimmed;
  }
}

/** A tracking pixel: an image declared 1×1 (or smaller). */
export function isTrackingPixel(attribs: Record<string, string | undefined>): boolean {
  const size = (value: string | undefined) => (value === undefined ? NaN : Number.parseFloat(value));
  return size(attribs.width) <= 1 && size(attribs.height) <= 1;
}

const editorLinkTransform = RICH_TEXT_OPTIONS.transformTags!.a as sanitizeHtml.Transformer;
const editorFilter = RICH_TEXT_OPTIONS.exclusiveFilter!;

/**
 * What relative URLs resolve against during the current (synchronous) sanitize call. The options
 * are built once: sanitize-html prepares its options on every call, and fresh options per item
 * cost more than the sanitising itself.
 */
let currentBase: string | null = null;

function resolveAttribute(name: string): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const next = { ...attribs };
    if (currentBase && next[name] !== undefined) next[name] = resolveUrl(next[name], currentBase)!;
    return { tagName, attribs: next };
  };
}

/**
 * The editor's allowlist plus what imported text needs: relative URLs (links, images, players,
 * quotes) resolved against the item's base (its xml:base, link or feed URL) so they do not point
 * at the portal; empty href="" removed; 1×1 tracking images dropped.
 */
const IMPORT_OPTIONS: sanitizeHtml.IOptions = {
  ...RICH_TEXT_OPTIONS,
  transformTags: {
    ...RICH_TEXT_OPTIONS.transformTags,
    a: (tagName, attribs) => {
      const next = { ...attribs };
      if (next.href !== undefined && !next.href.trim()) delete next.href;
      else if (currentBase && next.href !== undefined) next.href = resolveUrl(next.href, currentBase)!;
      return editorLinkTransform(tagName, next);
    },
    img: resolveAttribute('src'),
    iframe: resolveAttribute('src'),
    blockquote: resolveAttribute('cite'),
    q: resolveAttribute('cite'),
  },
  exclusiveFilter: (frame) => editorFilter(frame) || (frame.tag === 'img' && isTrackingPixel(frame.attribs)),
};

export function sanitizeImportedHtml(html: string, base: string | null = null): string {
  if (!html) return '';
  currentBase = base;
  try {
    return flatten(sanitizeHtml(html.replaceAll('\0', ''), IMPORT_OPTIONS).trim());
  } finally {
    currentBase = null;
  }
}

/** Plain text (titles): tags removed, the common entities turned back into characters. */
export function plainText(html: string): string {
  if (!html) return '';
  // Most titles hold no markup and no entity: no need to run the HTML parser over them.
  if (!/[<&]/.test(html) && !html.includes('\0')) return html.replace(/\s+/g, ' ').trim();
  const text = sanitizeHtml(html.replaceAll('\0', ''), { allowedTags: [], allowedAttributes: {} });
  return flatten(decodeEntitiesAndFoldSpaces(text));
}

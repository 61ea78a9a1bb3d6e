/**
 * Imported HTML is untrusted: it gets the article editor's allowlist (services/sanitize-html.ts),
 * so an imported article holds exactly what the editor could have saved: no scripts, styles,
 * event handlers, foreign iframes or javascript:/data: URLs.
 */
import sanitizeHtml from 'sanitize-html';
import { sanitizeRichText } from '../../services/sanitize-html';

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

export function sanitizeImportedHtml(html: string): string {
  if (!html) return '';
  return flatten(sanitizeRichText(html));
}

/** Plain text (titles): tags removed, the common entities turned back into characters. */
export function plainText(html: string): string {
  if (!html) return '';
  // Most titles hold no markup and no entity: no need to run the HTML parser over them.
  if (!/[<&\u0000]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  const text = sanitizeHtml(html.replace(/\u0000/g, ''), { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return flatten(text);
}

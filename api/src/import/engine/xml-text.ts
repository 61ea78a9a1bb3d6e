/** Feed text as HTML (escaped, base64, Atom text constructs) and URLs resolved against xml:base. */
import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import { attribute, elements, innerMarkup } from './xml-dom';

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
export function atomText(node: Element | undefined): string {
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
export function baseOf(node: Element, fallback: string | null): string | null {
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

import sanitizeHtml from 'sanitize-html';

/**
 * The rich text of an article (text, introtext) as it is stored and shown: an allowlist of tags and
 * attributes (sanitize-html), applied on the server to whatever the editor sends, so a crafted
 * request cannot put script into the preview or the public site.
 *
 * Never survive: script/style/object/embed/form elements, event handlers (on*), style and class
 * attributes, javascript:/vbscript:/data: URLs (images take http(s) or a relative URL only),
 * protocol-relative URLs, iframes other than the video players below.
 * Links keep `target` (_blank or _self only); target=_blank always gets rel="noopener noreferrer"
 * so the opened page cannot reach back through window.opener.
 * The function is pure: the same input gives the same output, and a second pass changes nothing.
 */

/** Video players whose iframes may stay (https only). */
export const IFRAME_HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'] as const;

export const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'q',
    'cite',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'hr',
    'pre',
    'code',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'div',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start'],
    blockquote: ['cite'],
    q: ['cite'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...IFRAME_HOSTS],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  // An image or player whose URL was refused is dropped whole rather than left empty.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      // target is kept only as _blank or _self; rel is ours to decide: the safe pair for new windows, nothing otherwise.
      delete next.rel;
      delete next.target;
      const target = (attribs.target ?? '').trim().toLowerCase();
      if (target === '_self') next.target = '_self';
      if (target === '_blank') {
        next.target = '_blank';
        next.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: next };
    },
  },
};

/** Sanitised HTML (see the module comment). */
export function sanitizeRichText(html: string): string {
  // NUL characters cannot be stored in PostgreSQL text and hide tags from naive filters.
  return sanitizeHtml(html.replaceAll('\0', ''), RICH_TEXT_OPTIONS).trim();
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

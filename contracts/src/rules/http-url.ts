/**
 * The http(s) URL rule both sides check (the feed URL, the custom tiny URL, an article's reference
 * and payment links, an author's image, a link in the text): the one definition in the product.
 * Surrounding blanks are dropped by the URL parser itself; an optional field that may hold only
 * blanks trims before asking (allowBlank takes '' only).
 */
export interface HttpUrlOptions {
  /** '' counts as valid: the field is optional (whether it is required is checked separately). */
  allowBlank?: boolean;
}

/** An absolute http: or https: URL with a host (no javascript:, data:, mailto: …). */
export function isHttpUrl(value: string | null | undefined, options: HttpUrlOptions = {}): boolean {
  const text = value ?? '';
  if (text === '') return options.allowBlank === true;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

import { PREVIEW_IMAGE_MAX_HEIGHT_PX } from 'contracts/rules/constants';
import type { EditArticle } from '../../repositories/article-edit';
import { escapeHtml, sanitizeRichText } from '../../lib/sanitize-html';
import { referenceDate } from 'contracts/schemas/form-fields';

/**
 * The article preview of spec section 2 ("Article preview"): the main image (at most 400px high)
 * with its caption, the title, the intro HTML, the notes, the authors and the references. A pure
 * function of the article: everything from the article is escaped, and the intro HTML goes through
 * the sanitiser again (rows written before sanitising, or by an import, are safe too).
 * The markup is ours, so its one style attribute (the height limit) is not user input.
 */

export function renderPreview(article: EditArticle): string {
  const parts: string[] = ['<article class="article-preview">'];
  const image = article.images.find((item) => item.id === article.main_image) ?? article.images[0];
  if (image) {
    const caption = image.description.trim();
    parts.push(
      '<figure class="article-preview__image">',
      `<img src="${escapeHtml(image.url)}" alt="${escapeHtml(caption || article.title)}" style="max-height:${PREVIEW_IMAGE_MAX_HEIGHT_PX}px;max-width:100%;height:auto">`,
      caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : '',
      '</figure>',
    );
  }
  parts.push(`<h1 class="article-preview__title">${escapeHtml(article.title)}</h1>`);
  const intro = sanitizeRichText(article.introtext);
  if (intro) parts.push(`<div class="article-preview__intro">${intro}</div>`);
  const notes = article.notes.trim();
  if (notes) {
    const paragraphs = notes
      .split(/\r?\n\s*\r?\n/)
      .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
      .join('');
    parts.push(`<div class="article-preview__notes">${paragraphs}</div>`);
  }
  if (article.authors.length) {
    parts.push(`<p class="article-preview__authors">By ${article.authors.map((author) => escapeHtml(author.name)).join(', ')}</p>`);
  }
  const references: string[] = [];
  const source = article.reference_source.trim();
  const url = article.reference_url.trim();
  if (source || url) {
    const label = escapeHtml(source || url);
    references.push(
      /^https?:\/\//i.test(url) ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${label}</a>` : label,
    );
  }
  const date = shownReferenceDate(article.reference_date);
  if (date) references.push(`<time datetime="${escapeHtml(date)}">${escapeHtml(date)}</time>`);
  if (references.length) parts.push(`<p class="article-preview__references">Source: ${references.join(', ')}</p>`);
  parts.push('</article>');
  return parts.filter(Boolean).join('');
}

/** The reference date to show: none for the placeholders 1970-01-01 and 0000-00-00 (spec section 5) or a stored value that is no date. */
function shownReferenceDate(stored: string | null): string | null {
  if (!stored) return null;
  try {
    return referenceDate(stored);
  } catch {
    return null;
  }
}

/**
 * The business constants and limits of spec section 9 that the API and the screens share (the
 * article states are in article-state.ts, the category ids in categories.ts, the import defaults in
 * import-defaults.ts): the page sizes and the default of the article lists, the author
 * autocomplete's minimum and the title search's word limit, and the preview image's height.
 */

/** "Page-size options: 5, 10, 20, 50, 100, for both article lists." */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export function isPageSize(value: unknown): value is PageSize {
  return typeof value === 'number' && (PAGE_SIZES as readonly number[]).includes(value);
}

/** The columns the article list sorts by. */
export const ARTICLE_SORT_COLUMNS = ['id', 'title', 'submitter'] as const;
export type ArticleSortColumn = (typeof ARTICLE_SORT_COLUMNS)[number];
export type SortDirection = 'ASC' | 'DESC';

/** "Default list filter: limit 5, sort by id, descending." (the title search sorts by modified date) */
export const DEFAULT_LIST_ORDER: Readonly<{ limit: PageSize; sort: ArticleSortColumn; sortDir: SortDirection }> = Object.freeze({
  limit: 5,
  sort: 'id',
  sortDir: 'DESC',
});

/** "Author autocomplete minimum: 3 characters." */
export const AUTHOR_AUTOCOMPLETE_MIN = 3;

/** Whether a (trimmed) term is long enough to ask for author suggestions: counted in characters, not UTF-16 units. */
export function startsAuthorAutocomplete(term: string): boolean {
  return [...term].length >= AUTHOR_AUTOCOMPLETE_MIN;
}

/** "Title search: 5 words." */
export const TITLE_SEARCH_MAX_WORDS = 5;

/** The words of a title search (blank-separated; empty for blank text). */
export function titleSearchWords(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean);
}

/** "Preview image: at most 400px high." */
export const PREVIEW_IMAGE_MAX_HEIGHT_PX = 400;

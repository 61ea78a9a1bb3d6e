// The article list filter (spec section 3 "Article search filter", section 4 "Filter model").
// Pure: no React, no I/O. The screen keeps the filter in the URL query; this module converts
// between the URL, the filter and the API parameters, and applies the filter rules.

import {
  ARTICLE_SORT_COLUMNS as SORT_COLUMNS,
  DEFAULT_LIST_ORDER,
  isPageSize,
  PAGE_SIZES,
  type ArticleSortColumn as SortColumn,
  type PageSize,
  type SortDirection as SortDir,
} from 'contracts/rules/constants';
import type { ArticleListQuery } from 'contracts/schemas/articles';
import { SEARCH_TERM_LIMITS } from 'contracts/rules/field-limits';

// The page sizes, sort columns and default order are spec section 9's (contracts/rules/constants).
export { isPageSize, PAGE_SIZES, SORT_COLUMNS };
export type { PageSize, SortColumn, SortDir };

/** Filters that narrow the list; changing one starts again at the first page. */
export const FILTER_FIELDS = ['category', 'user', 'status', 'search', 'author', 'featured', 'mine', 'desk', 'stage', 'overdue'] as const;
/** The planning filters (contracts/rules/planning): open to every user, they narrow what the user may list anyway. */
export const PLANNING_FILTER_FIELDS = ['mine', 'desk', 'stage', 'overdue'] as const satisfies readonly FilterField[];
export type FilterField = (typeof FILTER_FIELDS)[number];

/** The list's filter: every parameter of the API's query, '' for a filter not set (limitStart: the offset of the first row shown). */
export type ArticleFilter = Required<ArticleListQuery>;

/** Spec section 9: limit 5, sort by id, descending. */
export const DEFAULT_FILTER: Readonly<ArticleFilter> = Object.freeze({
  category: '',
  user: '',
  status: '',
  search: '',
  author: '',
  featured: '',
  mine: '',
  desk: '',
  stage: '',
  overdue: '',
  limit: DEFAULT_LIST_ORDER.limit,
  limitStart: 0,
  sort: DEFAULT_LIST_ORDER.sort,
  sortDir: DEFAULT_LIST_ORDER.sortDir,
});

/** Every query parameter this model owns. */
export const FILTER_PARAMS: readonly (keyof ArticleFilter)[] = [...FILTER_FIELDS, 'limit', 'limitStart', 'sort', 'sortDir'];

export function isSortColumn(value: unknown): value is SortColumn {
  return typeof value === 'string' && (SORT_COLUMNS as readonly string[]).includes(value);
}

function parseNonNegativeInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) ? n : null;
}

/** Aligns an offset to the start of its page. */
function alignOffset(offset: number, limit: number): number {
  return Math.floor(Math.max(0, offset) / limit) * limit;
}

/** Reads a filter from a URL query. Missing or invalid values fall back to the defaults. */
export function parseFilter(params: URLSearchParams): ArticleFilter {
  const limitNum = parseNonNegativeInt(params.get('limit'));
  const limit = isPageSize(limitNum) ? limitNum : DEFAULT_FILTER.limit;
  const offset = parseNonNegativeInt(params.get('limitStart')) ?? 0;
  const sortRaw = params.get('sort');
  const sort = isSortColumn(sortRaw) ? sortRaw : DEFAULT_FILTER.sort;
  const dirRaw = params.get('sortDir')?.toUpperCase();
  const sortDir: SortDir = dirRaw === 'ASC' || dirRaw === 'DESC' ? dirRaw : DEFAULT_FILTER.sortDir;
  const filter: ArticleFilter = { ...DEFAULT_FILTER, limit, limitStart: alignOffset(offset, limit), sort, sortDir };
  for (const field of FILTER_FIELDS) filter[field] = params.get(field)?.trim() ?? '';
  return filter;
}

/**
 * Writes a filter into a URL query. Only values that differ from the defaults are written, so the
 * default list has a clean URL. Parameters not owned by the filter in `base` are kept.
 */
export function filterToSearchParams(filter: ArticleFilter, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of FILTER_PARAMS) params.delete(key);
  for (const key of FILTER_PARAMS) {
    const value = filter[key];
    if (value !== DEFAULT_FILTER[key] && value !== '') params.set(key, String(value));
  }
  return params;
}

/** The query of GET /api/portal/articles: paging and sorting always, other filters when set. */
export function toApiParams(filter: ArticleFilter): ArticleListQuery {
  const params: ArticleListQuery = {
    limit: filter.limit,
    limitStart: filter.limitStart,
    sort: filter.sort,
    sortDir: filter.sortDir,
  };
  for (const field of FILTER_FIELDS) if (filter[field] !== '') params[field] = filter[field];
  return params;
}

/** Changing the page sets the offset to limit × (page − 1). Pages start at 1. */
export function setPage(filter: ArticleFilter, page: number): ArticleFilter {
  const p = Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1;
  return { ...filter, limitStart: filter.limit * (p - 1) };
}

/** A new page size starts again at the first page. */
export function setPageSize(filter: ArticleFilter, limit: PageSize): ArticleFilter {
  if (!isPageSize(limit)) return filter;
  return { ...filter, limit, limitStart: 0 };
}

/** Sorting by the same column toggles ASC/DESC; a new column sorts ASC. The page is kept. */
export function toggleSort(filter: ArticleFilter, column: SortColumn): ArticleFilter {
  if (filter.sort === column) return { ...filter, sortDir: filter.sortDir === 'ASC' ? 'DESC' : 'ASC' };
  return { ...filter, sort: column, sortDir: 'ASC' };
}

export interface FilterChange {
  filter: ArticleFilter;
  /** True when the change narrows the list differently: a new search must be run. */
  searchChanged: boolean;
}

/**
 * Changing category, user, status, search, author or featured resets the offset to 0 and flags a
 * changed search. Setting the value it already has changes nothing.
 */
export function changeFilter(filter: ArticleFilter, field: FilterField, value: string): FilterChange {
  const next = value.trim();
  if (filter[field] === next) return { filter, searchChanged: false };
  // A stage belongs to one desk: choosing another desk lets go of the stage.
  const stage = field === 'desk' ? { stage: '' } : {};
  return { filter: { ...filter, [field]: next, ...stage, limitStart: 0 }, searchChanged: true };
}

/** Page numbers start at 1. */
export function currentPage(filter: Pick<ArticleFilter, 'limit' | 'limitStart'>): number {
  return Math.floor(Math.max(0, filter.limitStart) / filter.limit) + 1;
}

/** At least one page, also for an empty list. */
export function totalPages(total: number, limit: number): number {
  if (!Number.isFinite(total) || total <= 0) return 1;
  return Math.ceil(total / limit);
}

export function firstPage(filter: ArticleFilter): ArticleFilter {
  return setPage(filter, 1);
}

export function lastPage(filter: ArticleFilter, total: number): ArticleFilter {
  return setPage(filter, totalPages(total, filter.limit));
}

/** True when the filter's page lies beyond the last page (e.g. rows were deleted). */
export function isPastLastPage(filter: ArticleFilter, total: number): boolean {
  return currentPage(filter) > totalPages(total, filter.limit);
}

/**
 * What the pager counts with. An exact total as it is. An estimated total (the API's
 * `total_is_estimate`: free text or an author name on a large table) may be below the real one, so a
 * full page always leaves a next page to try; a page past the real end then comes back empty with
 * the exact total (see pageToShowInstead).
 */
export function pagerTotal(
  filter: Pick<ArticleFilter, 'limit' | 'limitStart'>,
  total: number,
  totalIsEstimate: boolean,
  rowsOnPage: number,
): number {
  if (!totalIsEstimate || rowsOnPage < filter.limit) return total;
  return Math.max(total, currentPage(filter) * filter.limit + 1);
}

/**
 * The page to move to when this one came back empty past the real end (an estimated page count, or
 * rows deleted meanwhile): the real last page, from the exact total such an answer carries; null when
 * the page is right as it is (it has rows, it is the first page, or the total is still an estimate).
 */
export function pageToShowInstead(
  filter: ArticleFilter,
  total: number,
  totalIsEstimate: boolean,
  rowsOnPage: number,
): ArticleFilter | null {
  if (rowsOnPage > 0 || totalIsEstimate || filter.limitStart <= 0) return null;
  if (!isPastLastPage(filter, total)) return null;
  return lastPage(filter, total);
}

/**
 * After the last-page arrow on an estimated page count: the real last page once an answer carries the
 * exact total and this page is not it (deep pages are counted exactly); null when this is the last
 * page, or the total is still an estimate (then the arrow is offered again).
 */
export function lastPageToShow(filter: ArticleFilter, total: number, totalIsEstimate: boolean): ArticleFilter | null {
  if (totalIsEstimate) return null;
  const last = lastPage(filter, total);
  return last.limitStart !== filter.limitStart ? last : null;
}

export function isSameFilter(a: ArticleFilter, b: ArticleFilter): boolean {
  return FILTER_PARAMS.every((key) => a[key] === b[key]);
}

/** The server's limit of the free-text search (GET /api/portal/articles: search maxLength 200). */
export const SEARCH_MAX_LENGTH = SEARCH_TERM_LIMITS.term.max;

// The "Search all titles (5 word limit)" area as a pure state machine (spec sections 2 and 5):
// its own page size, a title box (Go) and a general search box, results sorted by title or modified
// date, one search at a time. The hook runs the requests this model asks for and feeds the answers
// back; the model ignores answers of requests it no longer waits for.

import type { ArticleSearchItem } from 'contracts/schemas/articles';
import { isPageSize, type PageSize } from 'contracts/rules/constants';
import { SEARCH_TERM_LIMITS } from 'contracts/rules/field-limits';

/** Its own page size, from the same options as the article list (spec section 9). */
export type SearchPageSize = PageSize;
/** title: GET /api/portal/articles/search-title; text: GET /api/portal/articles/search. */
export type SearchKind = 'title' | 'text';
export type SearchSort = 'title' | 'modified';
export type SortDir = 'ASC' | 'DESC';

/** A result of either search (the contract's item). */
export type SearchResultItem = ArticleSearchItem;

/** What the hook sends: the call and its query. */
export interface SearchRequest {
  /** Answers carry it back; only the latest one counts. */
  id: number;
  kind: SearchKind;
  params: { term: string; limit: SearchPageSize; limitStart: number; sort: SearchSort; sortDir: SortDir };
}

export interface TitleSearchState {
  limit: SearchPageSize;
  sort: SearchSort;
  sortDir: SortDir;
  /** 1-based page of the shown (or running) search. */
  page: number;
  /** The search shown or running; null when there is none (nothing searched yet, or cleared). */
  query: { kind: SearchKind; term: string } | null;
  /** The request in flight, null when idle. */
  running: SearchRequest | null;
  /** Ids given out so far (the next request gets lastId + 1). */
  lastId: number;
  items: SearchResultItem[];
  total: number;
  /** The server's message when the last search failed (e.g. more than 5 words). */
  error: string | null;
  /** The text typed is longer than the server takes: not sent, the box says so. */
  tooLong: boolean;
}

/** A state change, and the request to send (if any) — the caller aborts any earlier one. */
export interface Step {
  state: TitleSearchState;
  request: SearchRequest | null;
}

export const DEFAULT_SEARCH_LIMIT: SearchPageSize = 5;
/** The server's limit of a search term (term maxLength 200 on both search calls), checked here first. */
export const SEARCH_TERM_MAX_LENGTH = SEARCH_TERM_LIMITS.term.max;

/** Default direction when a column becomes the sort: titles A→Z, newest first. */
const DEFAULT_DIR: Record<SearchSort, SortDir> = { title: 'ASC', modified: 'DESC' };

export function initialSearchState(): TitleSearchState {
  return {
    limit: DEFAULT_SEARCH_LIMIT,
    sort: 'modified',
    sortDir: 'DESC',
    page: 1,
    query: null,
    running: null,
    lastId: 0,
    items: [],
    total: 0,
    error: null,
    tooLong: false,
  };
}

export const isSearchPageSize = isPageSize;

/** Same call, same query: the spec ignores a request identical to one already running. */
function sameRequest(a: SearchRequest | null, kind: SearchKind, params: SearchRequest['params']): boolean {
  if (!a || a.kind !== kind) return false;
  const b = a.params;
  return (
    b.term === params.term &&
    b.limit === params.limit &&
    b.limitStart === params.limitStart &&
    b.sort === params.sort &&
    b.sortDir === params.sortDir
  );
}

/** Sends the shown query again with the state's page, size and sort (or nothing when there is no query). */
function run(state: TitleSearchState): Step {
  if (!state.query) return { state, request: null };
  const params = {
    term: state.query.term,
    limit: state.limit,
    limitStart: (state.page - 1) * state.limit,
    sort: state.sort,
    sortDir: state.sortDir,
  };
  if (sameRequest(state.running, state.query.kind, params)) return { state, request: null };
  const request: SearchRequest = { id: state.lastId + 1, kind: state.query.kind, params };
  return { state: { ...state, running: request, lastId: request.id, error: null }, request };
}

/**
 * Go in the title box or Enter in the general search box.
 * - title search with empty text: nothing happens (spec section 5);
 * - general search with an empty term: clears the results (and drops a running search);
 * - otherwise a new search from page 1. The title box does not count words: the 5-word limit is a
 *   label only, the server refuses more and its message is shown.
 */
export function startSearch(state: TitleSearchState, kind: SearchKind, text: string): Step {
  const term = text.trim().replace(/\s+/g, ' ');
  if (!term) {
    if (kind === 'title') return { state, request: null };
    return { state: { ...state, query: null, running: null, page: 1, items: [], total: 0, error: null, tooLong: false }, request: null };
  }
  if ([...term].length > SEARCH_TERM_MAX_LENGTH) {
    return { state: { ...state, query: null, running: null, page: 1, items: [], total: 0, error: null, tooLong: true }, request: null };
  }
  return run({ ...state, query: { kind, term }, page: 1, tooLong: false });
}

/** Another page size: back to page 1, the shown search again. */
export function changeLimit(state: TitleSearchState, limit: SearchPageSize): Step {
  if (limit === state.limit) return { state, request: null };
  return run({ ...state, limit, page: 1 });
}

/** Sort by a column: the same column flips ASC/DESC, another starts at its default direction. */
export function changeSort(state: TitleSearchState, sort: SearchSort): Step {
  const sortDir: SortDir = sort === state.sort ? (state.sortDir === 'ASC' ? 'DESC' : 'ASC') : DEFAULT_DIR[sort];
  return run({ ...state, sort, sortDir, page: 1 });
}

export function totalPages(state: Pick<TitleSearchState, 'total' | 'limit'>): number {
  return Math.max(1, Math.ceil(state.total / state.limit));
}

/** Go to a page (clamped to the pages there are). */
export function changePage(state: TitleSearchState, page: number): Step {
  const target = Math.min(Math.max(1, Math.floor(page) || 1), totalPages(state));
  if (target === state.page) return { state, request: null };
  return run({ ...state, page: target });
}

/** An answer arrived. Answers of earlier (aborted or overtaken) requests change nothing. */
export function receive(state: TitleSearchState, requestId: number, items: SearchResultItem[], total: number): TitleSearchState {
  if (state.running?.id !== requestId) return state;
  return { ...state, running: null, items, total: Math.max(total, items.length), error: null };
}

/** A request failed: its message is shown and the earlier results are cleared. */
export function fail(state: TitleSearchState, requestId: number, message: string): TitleSearchState {
  if (state.running?.id !== requestId) return state;
  return { ...state, running: null, items: [], total: 0, error: message };
}

export type OpenTarget = { kind: 'editor'; id: number } | { kind: 'public'; url: string } | { kind: 'none' };

/** Opening a result: the editor with view_all_articles, else the public url in a new tab. */
export function openTarget(item: Pick<SearchResultItem, 'id' | 'url'>, canViewAll: boolean): OpenTarget {
  if (canViewAll) return { kind: 'editor', id: item.id };
  const url = item.url?.trim();
  return url ? { kind: 'public', url } : { kind: 'none' };
}

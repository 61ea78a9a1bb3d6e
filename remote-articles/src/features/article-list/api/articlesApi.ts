// GET /api/portal/articles (spec section 7). The only place this feature talks to the network.
import type { BulkAction } from 'contracts/rules/bulk-actions';
import type { ArticleChange, ArticleListItem, ArticleListQuery, UpdateArticleBody } from 'contracts/schemas/articles';
import type { BulkArticlesResponse } from 'contracts/schemas/bulk';
import type { Creator } from 'contracts/schemas/importers';
import type { Desk } from 'contracts/schemas/desks';
import { apiGet, apiPost, apiRequest } from 'shared';

/** Article list item (spec section 3) as the portal list returns it. */
export type { ArticleListItem };

export interface ArticlePage {
  items: ArticleListItem[];
  /** All rows matching the filter, not just this page. */
  total: number;
  /** The API estimated `total` (`total_is_estimate`: free text or an author name on a large table); absent = exact. */
  totalIsEstimate?: boolean;
  /** How many articles of the user's list are in the trash (`trash_total`, whatever the filter); null when not told. */
  trashTotal?: number | null;
}

/** `background`: a refresh nobody waits for (live presence): no loading overlay. */
export async function fetchArticles(
  params: ArticleListQuery,
  signal?: AbortSignal,
  options: { background?: boolean } = {},
): Promise<ArticlePage> {
  const envelope = await apiRequest<ArticleListItem[]>({
    method: 'GET',
    url: '/api/portal/articles',
    params,
    signal,
    background: options.background,
  });
  const items = Array.isArray(envelope.data) ? envelope.data : [];
  const totalIsEstimate = envelope.total_is_estimate === true;
  const trash = (envelope as { trash_total?: unknown }).trash_total;
  return {
    items,
    total: typeof envelope.total === 'number' ? envelope.total : items.length,
    totalIsEstimate,
    trashTotal: typeof trash === 'number' ? trash : null,
  };
}

// Row actions (spec section 4) and the filter panel's choices. Each resolves the envelope's data.

/** The article after a change (POST answers). */
export type { ArticleChange };

/** POST /api/portal/article/update: one field of an article (access, newsletter, featured, state). */
export function updateArticleField(id: number, field: UpdateArticleBody['field'], value: number): Promise<ArticleChange> {
  const body: UpdateArticleBody = { id, field, value };
  return apiPost<ArticleChange>('/api/portal/article/update', body);
}

/** POST /api/portal/article/{id}/submit: a draft (5) goes to awaiting approval (4). */
export function submitArticle(id: number): Promise<ArticleChange> {
  return apiPost<ArticleChange>(`/api/portal/article/${encodeURIComponent(String(id))}/submit`);
}

/** POST /api/portal/article/delete: to the trash, or for good when already in the trash (data null). */
export function deleteArticle(id: number): Promise<ArticleChange | null> {
  return apiPost<ArticleChange | null>('/api/portal/article/delete', { id });
}

/** POST /api/portal/article/restore: a trashed article (-2) back out of the trash; the answer's `state` is the one it is in now. */
export function restoreArticle(id: number): Promise<ArticleChange> {
  return apiPost<ArticleChange>('/api/portal/article/restore', { id });
}

/** POST /api/portal/articles/bulk: one action on the selected articles; the server decides each (a result per id). */
export function bulkArticles(ids: readonly number[], action: BulkAction): Promise<BulkArticlesResponse> {
  return apiPost<BulkArticlesResponse>('/api/portal/articles/bulk', { ids, action });
}

export type { Creator };

/** GET /api/v2/portal/creators: the users who create content (the submitter filter). */
export function fetchCreators(): Promise<Creator[]> {
  return apiGet<Creator[]>('/api/v2/portal/creators');
}

/** GET /api/v2/desks: the desks the user works on (the planning filters' desks and stages). */
export function fetchDesks(signal?: AbortSignal): Promise<Desk[]> {
  return apiGet<Desk[]>('/api/v2/desks', undefined, { signal });
}

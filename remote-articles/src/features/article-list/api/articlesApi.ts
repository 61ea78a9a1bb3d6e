// GET /api/portal/articles (spec section 7). The only place this feature talks to the network.
import { apiRequest } from 'shared';
import type { ArticleQueryParams } from '../model/filterModel';

/** Article list item (spec section 3) as the portal list returns it. */
export interface ArticleListItem {
  id: number;
  title: string;
  catid: number | null;
  date: string | null;
  state: number;
  access: number;
  featured: number | boolean;
  newsletter: number;
  createdBy: number | null;
  /** Shown as the submitter. */
  author: string | null;
  url: string | null;
}

export interface ArticlePage {
  items: ArticleListItem[];
  /** All rows matching the filter, not just this page. */
  total: number;
}

export async function fetchArticles(params: ArticleQueryParams, signal?: AbortSignal): Promise<ArticlePage> {
  const envelope = await apiRequest<ArticleListItem[]>({ method: 'GET', url: '/api/portal/articles', params, signal });
  const items = Array.isArray(envelope.data) ? envelope.data : [];
  return { items, total: typeof envelope.total === 'number' ? envelope.total : items.length };
}

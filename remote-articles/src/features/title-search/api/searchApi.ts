// GET /api/portal/articles/search and /search-title (spec section 7). The only network code of this feature.
import { apiRequest } from 'shared';
import type { SearchRequest, SearchResultItem } from '../model/titleSearchModel';

const PATHS: Record<SearchRequest['kind'], string> = {
  title: '/api/portal/articles/search-title',
  text: '/api/portal/articles/search',
};

export interface SearchAnswer {
  items: SearchResultItem[];
  total: number;
}

export async function runSearch(request: SearchRequest, signal?: AbortSignal): Promise<SearchAnswer> {
  const envelope = await apiRequest<SearchResultItem[]>({ method: 'GET', url: PATHS[request.kind], params: request.params, signal });
  const items = Array.isArray(envelope.data) ? envelope.data : [];
  return { items, total: typeof envelope.total === 'number' ? envelope.total : items.length };
}

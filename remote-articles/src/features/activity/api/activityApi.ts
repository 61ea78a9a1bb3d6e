// GET /api/v2/activity (right view_activity) and GET /api/portal/article/{id}/activity (whoever may
// see the article). The only place this feature talks to the network.
import type { ActivityEntry } from 'contracts/schemas/activity';
import { apiRequest } from 'shared';
import type { ActivityApiQuery } from '../model/activityFilter';

export type { ActivityEntry };

export interface ActivityPage {
  items: ActivityEntry[];
  /** Every entry the filter matches, not only this page. */
  total: number;
}

async function page(url: string, params: Record<string, string | number>, signal?: AbortSignal): Promise<ActivityPage> {
  const envelope = await apiRequest<ActivityEntry[]>({ method: 'GET', url, params, signal });
  const items = Array.isArray(envelope.data) ? envelope.data : [];
  return { items, total: typeof envelope.total === 'number' ? envelope.total : items.length };
}

export function fetchActivity(query: ActivityApiQuery, signal?: AbortSignal): Promise<ActivityPage> {
  return page('/api/v2/activity', query, signal);
}

export function fetchArticleActivity(articleId: number, options: { limit: number; limitStart?: number }, signal?: AbortSignal) {
  return page(`/api/portal/article/${encodeURIComponent(String(articleId))}/activity`, { limitStart: 0, ...options }, signal);
}

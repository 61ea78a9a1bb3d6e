// The calls that open and close an article, which the portal makes before the editor's code has
// loaded (earlyArticleLoad): apart from the editor's other calls (editorApi), which load with it.
import { apiGet, apiPost } from 'shared';
import type { ArticleEditData } from '../model/types';

/** GET /api/portal/article?id=N (0 = a new, empty article). Also takes the edit lock when free. */
export function fetchArticle(id: number, signal?: AbortSignal): Promise<ArticleEditData> {
  return apiGet<ArticleEditData>('/api/portal/article', { id }, { signal, dedupe: false });
}

/**
 * `expires`: the lock's expiry as this editor last got it (open, renew). The server then releases
 * only if nobody renewed the lock since — the same user's other tab that did still edits. Without
 * it (right after a save, which renewed the lock on the server) the lock is released outright.
 * `leavingPage`: sent on pagehide (closed tab or browser, reload, another site).
 */
export function releaseLock(id: number, expires?: string | null, leavingPage = false): Promise<unknown> {
  const query = expires ? `?expires=${encodeURIComponent(expires)}` : '';
  // Nobody waits for the release (the editor has closed): no loading overlay for it. When the page
  // itself goes away, the call must outlive it (keepalive), with the same header and rights.
  return apiPost(`/api/portal/lock/${id}/release${query}`, undefined, { background: true, keepalive: leavingPage });
}

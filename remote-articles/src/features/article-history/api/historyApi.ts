// The revision history's calls (GET /api/portal/article/{id}/revisions, …/{rev}, POST …/{rev}/restore),
// through shared's HTTP client (auth header, envelope, loading counter, coded errors).
import type { Restored, Revision, RevisionSummary } from 'contracts/schemas/revisions';
import { apiGet, apiPost, apiRequest } from 'shared';

export type { Restored, Revision, RevisionSummary };

export interface RevisionPage {
  items: RevisionSummary[];
  total: number;
}

export async function fetchRevisions(
  articleId: number,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<RevisionPage> {
  const envelope = await apiRequest<RevisionSummary[]>({
    method: 'get',
    url: `/api/portal/article/${articleId}/revisions`,
    params: { limit: page.limit, limitStart: page.offset },
    signal,
  });
  return { items: Array.isArray(envelope.data) ? envelope.data : [], total: envelope.total ?? 0 };
}

export function fetchRevision(articleId: number, revisionId: number): Promise<Revision> {
  return apiGet<Revision>(`/api/portal/article/${articleId}/revisions/${revisionId}`);
}

/** `version`: the article version the editor has open (a stale one answers 409). */
export function restoreRevision(articleId: number, revisionId: number, version: number): Promise<Restored> {
  return apiPost<Restored>(`/api/portal/article/${articleId}/revisions/${revisionId}/restore`, { version });
}

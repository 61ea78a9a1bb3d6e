// The editor's autosave on the server: the user's working copy of an article (contracts
// schemas/working-copy). Nobody waits for these calls: no loading overlay (background).
import { apiDelete, apiGet, apiRequest, isApiError } from 'shared';
import type { MergeData, WorkingCopy } from 'contracts/schemas/working-copy';
import type { EditorFormValues } from '../model/formMapping';

export type { MergeData, WorkingCopy };

const url = (id: number) => `/api/v2/articles/${id}/working-copy`;

/** GET: the user's working copy of the article, or null. */
export function fetchWorkingCopy(id: number): Promise<WorkingCopy | null> {
  return apiGet<WorkingCopy | null>(url(id), undefined, { background: true, dedupe: false });
}

/**
 * PUT: keep the form as the user's working copy. `leaving`: sent as the page goes away, so the call
 * must outlive it (keepalive; the browser caps such a body at 64 KiB, the periodic sends cover the rest).
 */
export async function putWorkingCopy(id: number, values: EditorFormValues, leaving = false): Promise<void> {
  await apiRequest({
    method: 'put',
    url: url(id),
    data: { base_version: values.version, fields: values },
    background: true,
    dedupe: false,
    keepalive: leaving,
  });
}

/** DELETE: discard the user's working copy (nothing there is fine). */
export function discardWorkingCopy(id: number): Promise<unknown> {
  return apiDelete(url(id), { background: true });
}

/** The merge material of a stale save's 409 (data.merge), or null when the failure is something else. */
export function mergeDataOf(failure: unknown): MergeData | null {
  if (!isApiError(failure) || failure.status !== 409) return null;
  const merge = (failure.data as { data?: { merge?: unknown } } | null | undefined)?.data?.merge as MergeData | undefined;
  return merge && typeof merge === 'object' && merge.theirs && typeof merge.theirs.version === 'number' ? merge : null;
}

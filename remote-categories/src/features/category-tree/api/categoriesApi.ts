// The category manager's calls. The only place this feature talks to the network (the tree
// itself comes from shared's lookups client).
import { apiGet, apiRequest, fetchCategoryTree as fetchTree } from 'shared';
import type { CategoryRecord, SaveCategoryBody } from 'contracts/schemas/categories';
import type { CategoryNode } from '../model/tree';

/** The whole category forest, disabled categories included (the manager shows them muted). */
export function fetchCategoryTree(signal?: AbortSignal): Promise<CategoryNode[]> {
  return fetchTree({ includeDisabled: true, signal });
}

/** One stored category as GET /api/v2/portal/category/{id} reads it (the edit form starts from it). */
export type { CategoryRecord };

export function fetchCategory(id: number): Promise<CategoryRecord> {
  return apiGet<CategoryRecord>(`/api/v2/portal/category/${id}`);
}

/** What POST /api/v2/portal/category takes: no id creates, an id (with the version it was opened at) updates. */
export type CategoryInput = SaveCategoryBody & Pick<Required<SaveCategoryBody>, 'title'>;

/** The server's message of a successful change ("Saved", "Enabled", "Disabled", "Deleted", "Moved") and the saved id. */
export interface ChangeResult {
  message: string;
  id: number | null;
}

async function change(config: Parameters<typeof apiRequest>[0]): Promise<ChangeResult> {
  const envelope = await apiRequest<{ id?: number } | null>(config);
  const id = envelope.data && typeof envelope.data.id === 'number' ? envelope.data.id : null;
  return { message: envelope.message, id };
}

/** Creates or updates a category. */
export function saveCategory(input: CategoryInput): Promise<ChangeResult> {
  return change({ method: 'post', url: '/api/v2/portal/category', data: input });
}

/** Enables or disables a category. */
export function setCategoryEnabled(id: number, enabled: boolean): Promise<ChangeResult> {
  return change({ method: 'post', url: `/api/v2/portal/category/${id}/${enabled ? 'enable' : 'disable'}` });
}

/** One step up or down among the siblings (POST /api/v2/portal/category/{id}/move; message "Moved"). */
export function moveCategory(id: number, direction: 'up' | 'down'): Promise<ChangeResult> {
  return change({ method: 'post', url: `/api/v2/portal/category/${id}/move`, data: { direction } });
}

/** Deletes a category (409 when it has sub-categories or articles). */
export function deleteCategory(id: number): Promise<ChangeResult> {
  return change({ method: 'delete', url: `/api/v2/portal/category/${id}` });
}

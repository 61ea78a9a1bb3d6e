// GET /api/categories/tree. The only place this feature talks to the network.
import { apiGet } from 'shared';
import type { CategoryNode } from '../model/tree';

/** The whole category forest, disabled categories included (the manager shows them muted). */
export async function fetchCategoryTree(signal?: AbortSignal): Promise<CategoryNode[]> {
  const data = await apiGet<CategoryNode[]>('/api/categories/tree', { includeDisabled: '1' }, { signal });
  return Array.isArray(data) ? data : [];
}

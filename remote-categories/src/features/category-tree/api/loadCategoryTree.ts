// Loads the tree for the route loader, so it is there before the screen opens.
import { isApiError, toast } from 'shared';
import type { CategoryNode } from '../model/tree';
import { fetchCategoryTree } from './categoriesApi';

export interface CategoryTreeData {
  tree: CategoryNode[];
  /** Message of a failed load (also shown as an error toast); the tree is then empty. */
  error: string | null;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

export async function loadCategoryTree(signal?: AbortSignal): Promise<CategoryTreeData> {
  try {
    return { tree: await fetchCategoryTree(signal), error: null };
  } catch (error) {
    // A newer navigation replaced this one: the router drops the result anyway.
    if (signal?.aborted) throw error;
    const message = messageOf(error);
    // A 401 ends the session: the shell sends the user to the login page, no toast needed.
    if (!(isApiError(error) && error.status === 401)) toast.error(message);
    return { tree: [], error: message };
  }
}

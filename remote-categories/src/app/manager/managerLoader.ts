import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireRight } from 'shared';
import { loadCategoryTree, type CategoryTreeData } from '../../features/category-tree';

export type ManagerData = CategoryTreeData;

/**
 * Loads the category tree before the categories screen opens (spec section 2). The screen is the
 * category manager: without the right manage_categories it refuses before anything loads, as the
 * other screens behind a right do (the shell shows its "no access" view; the navbar has no link).
 */
export function managerLoader({ request }: LoaderFunctionArgs): Promise<ManagerData> {
  requireRight('manage_categories');
  return loadCategoryTree(request.signal);
}

import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadCategoryTree, type CategoryTreeData } from '../../features/category-tree';

export type ManagerData = CategoryTreeData;

/** Loads the category tree before the categories screen opens (spec section 2). */
export function managerLoader({ request }: LoaderFunctionArgs): Promise<ManagerData> {
  return loadCategoryTree(request.signal);
}

// The category tree the editor's topics and main category choose from: the portal's (loaded by its
// route loader) when given, else fetched here once.
import { useEffect, useState } from 'react';
import { errorMessage, fetchCategoryTree, toast } from 'shared';
import type { CategoryNode } from '../model/types';

export function useCategoryTree(given: CategoryNode[] | undefined): CategoryNode[] {
  const [fetched, setFetched] = useState<CategoryNode[]>([]);
  useEffect(() => {
    if (given) return undefined;
    let active = true;
    fetchCategoryTree().then(
      (nodes) => active && setFetched(Array.isArray(nodes) ? nodes : []),
      (error: unknown) => active && toast.error(errorMessage(error)),
    );
    return () => {
      active = false;
    };
  }, [given]);
  return given ?? fetched;
}

// The category filter's choices: GET /api/categories/tree flattened in tree order. Pure.
import type { CategoryNode } from 'contracts/schemas/categories';

/** What the flattening reads of a tree node (it skips anything else it finds). */
export type CategoryNodeLike = Pick<CategoryNode, 'id' | 'title'> & Partial<Pick<CategoryNode, 'level'>> & { subcategories?: unknown[] };

export interface CategoryOption {
  /** The filter value (category id as a string). */
  value: string;
  label: string;
  /** 0 for a top node, 1 for its children … */
  depth: number;
}

function isNode(value: unknown): value is CategoryNodeLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CategoryNodeLike).id === 'number' &&
    typeof (value as CategoryNodeLike).title === 'string'
  );
}

export function flattenCategories(tree: unknown, depth = 0): CategoryOption[] {
  if (!Array.isArray(tree)) return [];
  return tree
    .filter(isNode)
    .flatMap((node) => [{ value: String(node.id), label: node.title, depth }, ...flattenCategories(node.subcategories, depth + 1)]);
}

// The category filter's choices: GET /api/categories/tree flattened in tree order. Pure.

export interface CategoryNode {
  id: number;
  title: string;
  level?: number;
  subcategories?: unknown[];
}

export interface CategoryOption {
  /** The filter value (category id as a string). */
  value: string;
  label: string;
  /** 0 for a top node, 1 for its children … */
  depth: number;
}

function isNode(value: unknown): value is CategoryNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CategoryNode).id === 'number' &&
    typeof (value as CategoryNode).title === 'string'
  );
}

export function flattenCategories(tree: unknown, depth = 0): CategoryOption[] {
  if (!Array.isArray(tree)) return [];
  return tree.filter(isNode).flatMap((node) => [
    { value: String(node.id), label: node.title, depth },
    ...flattenCategories(node.subcategories, depth + 1),
  ]);
}

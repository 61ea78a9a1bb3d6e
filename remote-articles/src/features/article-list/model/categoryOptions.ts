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
  /** Titles of the categories above it, top first (empty for a top node). */
  path: string[];
}

/** Lower case without accents: what the filter's search compares ("eclair" finds "Éclair"). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The options whose title contains `term` (folded, trimmed); every option for empty text. */
export function matchCategories(options: readonly CategoryOption[], term: string): readonly CategoryOption[] {
  const wanted = foldText(term.trim());
  return wanted === '' ? options : options.filter((option) => foldText(option.label).includes(wanted));
}

function isNode(value: unknown): value is CategoryNodeLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CategoryNodeLike).id === 'number' &&
    typeof (value as CategoryNodeLike).title === 'string'
  );
}

export function flattenCategories(tree: unknown, path: string[] = []): CategoryOption[] {
  if (!Array.isArray(tree)) return [];
  return tree
    .filter(isNode)
    .flatMap((node) => [
      { value: String(node.id), label: node.title, depth: path.length, path },
      ...flattenCategories(node.subcategories, [...path, node.title]),
    ]);
}

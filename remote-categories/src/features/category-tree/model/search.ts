// The pickers' search: categories whose title contains the typed text (any letter case, accents
// ignored), each with the path of titles above it, in tree order. Pure.
import type { CategoryNode } from './tree';

export interface CategoryMatch {
  node: CategoryNode;
  /** Titles from the top-level category down to the match's parent (empty for a top-level one). */
  path: string[];
}

/** Lower case without accents, so "eclair" finds "Éclair". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Every category whose title contains `term` (trimmed; empty: none), in tree order. A node met twice is listed once. */
export function searchCategories(tree: readonly CategoryNode[], term: string): CategoryMatch[] {
  const wanted = foldText(term.trim());
  if (wanted === '') return [];
  const matches: CategoryMatch[] = [];
  const seen = new Set<number>();
  const walk = (nodes: readonly CategoryNode[], path: string[]): void => {
    for (const node of nodes) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      if (foldText(node.title).includes(wanted)) matches.push({ node, path });
      if (Array.isArray(node.subcategories) && node.subcategories.length > 0) walk(node.subcategories, [...path, node.title]);
    }
  };
  walk(tree, []);
  return matches;
}

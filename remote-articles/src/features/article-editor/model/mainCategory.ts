// Topics → main category choices (spec section 4 "Editor topics" and "Category selection").
// The CategoryTree picker reports the same choices when the user ticks; this module gives them
// when the editor opens (saved topics start selected and the choices start with them) and keeps
// the chosen main category only while it is still a choice. Same rule as remote-categories'
// selection model (remotes never import each other).
import type { CategoryNode } from './types';

/** Parents whose children are main categories; 8 is also the root. */
export const MAIN_PARENT_IDS: readonly number[] = [8, 804];

/** A main category: a level-2 topic or a child of 8 / 804. */
export function isMainCategory(node: Pick<CategoryNode, 'level' | 'parent_id'>): boolean {
  return node.level === 2 || (node.parent_id !== null && MAIN_PARENT_IDS.includes(node.parent_id));
}

/** Every node of the tree in tree order (depth first), each once even if the data repeats it. */
export function flattenTree(tree: readonly CategoryNode[]): CategoryNode[] {
  const out: CategoryNode[] = [];
  const seen = new Set<number>();
  const walk = (nodes: readonly CategoryNode[]): void => {
    for (const node of nodes) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      out.push(node);
      walk(node.subcategories ?? []);
    }
  };
  walk(tree);
  return out;
}

/** The selected main categories, in tree order. */
export function mainCategoryChoices(tree: readonly CategoryNode[], selectedIds: readonly number[]): CategoryNode[] {
  const selected = new Set(selectedIds);
  return flattenTree(tree).filter((node) => selected.has(node.id) && isMainCategory(node));
}

/** The chosen main category when it is still among the choices, else null (then the form asks for one). */
export function keepMainCategory(choices: readonly Pick<CategoryNode, 'id'>[], mainCategoryId: number | null | undefined): number | null {
  if (mainCategoryId === null || mainCategoryId === undefined) return null;
  return choices.some((choice) => choice.id === mainCategoryId) ? mainCategoryId : null;
}

/**
 * Toggle one topic id (spec: toggling a topic adds or removes its id in the selected topics).
 * Used when the picker cannot load: the editor still keeps a valid selection.
 */
export function toggleTopic(selectedIds: readonly number[], id: number, on: boolean): number[] {
  const without = selectedIds.filter((value) => value !== id);
  return on ? [...without, id] : without;
}

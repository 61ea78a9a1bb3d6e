// Pure rules the management form needs (mirrors api/src/routes/categories/rules.ts): which
// categories can take sub-categories, where a category may move. The fixed categories and the
// depth limit are contracts/rules/categories.
import { isFixedCategory, MAX_CATEGORY_LEVEL } from 'contracts/rules/categories';
import type { CategoryNode } from './tree';

const childrenOf = (node: CategoryNode): CategoryNode[] => (Array.isArray(node.subcategories) ? node.subcategories : []);

/** Whether a sub-category may be added below the node (not below a level-4 category). */
export function canAddChild(node: CategoryNode): boolean {
  return node.level < MAX_CATEGORY_LEVEL;
}

/** Whether the node can get a new parent (not the root, not 804, not a top-level node). */
export function canMove(node: CategoryNode): boolean {
  return node.parent_id !== null && !isFixedCategory(node.id);
}

/** Levels below the node (0 for a leaf). */
export function heightOf(node: CategoryNode): number {
  const seen = new Set<number>();
  const walk = (current: CategoryNode): number => {
    if (seen.has(current.id)) return 0;
    seen.add(current.id);
    return childrenOf(current).reduce((max, child) => Math.max(max, 1 + walk(child)), 0);
  };
  return walk(node);
}

/** Ids of the node and everything below it. */
export function subtreeIds(node: CategoryNode): Set<number> {
  const ids = new Set<number>();
  const walk = (current: CategoryNode): void => {
    if (ids.has(current.id)) return;
    ids.add(current.id);
    childrenOf(current).forEach(walk);
  };
  walk(node);
  return ids;
}

/** Whether `parent` may hold `node`: not the node nor below it, and the moved subtree stays within level 4. */
export function isAllowedParent(node: CategoryNode, parent: CategoryNode): boolean {
  if (subtreeIds(node).has(parent.id)) return false;
  return parent.level + 1 + heightOf(node) <= MAX_CATEGORY_LEVEL;
}

export interface ParentOption {
  value: number;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

/** The tree as TreeSelect data: every category, the ones that cannot take `node` disabled. */
export function parentOptions(tree: readonly CategoryNode[], node: CategoryNode): ParentOption[] {
  const seen = new Set<number>();
  const map = (nodes: readonly CategoryNode[]): ParentOption[] =>
    nodes
      .filter((current) => !seen.has(current.id) && seen.add(current.id))
      .map((current) => ({
        value: current.id,
        title: current.title,
        disabled: !isAllowedParent(node, current),
        children: map(childrenOf(current)),
      }));
  return map(tree);
}

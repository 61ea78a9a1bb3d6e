// Pure model of the category tree (spec section 3 "Category"): which rows are visible for a set
// of expanded ids, descendant counts, paths. No React, no network.

import type { CategoryNode } from 'shared';

// The node type is the CategoryTree contract's (shared), so the exposed picker and its users agree.
export type { CategoryNode };

/** One row of the flattened, visible tree. */
export interface VisibleRow {
  node: CategoryNode;
  /** 0 for a top-level node, 1 for its children, … (independent of the API's `level`). */
  depth: number;
  /** Whether the node has sub-categories (then it gets the expand/collapse toggle). */
  hasChildren: boolean;
  /** Whether its children are shown. Always false for a leaf. */
  expanded: boolean;
  /** Number of all sub-categories below it, at any depth. */
  descendantCount: number;
  /** 1-based position among its siblings and the number of siblings (for aria-posinset/setsize). */
  position: number;
  siblings: number;
}

export type ExpandedIds = ReadonlySet<number>;

const childrenOf = (node: CategoryNode): CategoryNode[] => (Array.isArray(node.subcategories) ? node.subcategories : []);

/** A node with sub-categories. The children decide, not the `leaf` flag, so the two never disagree on screen. */
export function hasChildren(node: CategoryNode): boolean {
  return childrenOf(node).length > 0;
}

/** Disabled when `enabled` is 0 (the API lists disabled ones only with includeDisabled=1). */
export function isEnabled(node: CategoryNode): boolean {
  return node.enabled !== 0;
}

/** Number of sub-categories below a node at any depth (0 for a leaf). A repeated id is counted once. */
export function countDescendants(node: CategoryNode): number {
  const seen = new Set<number>([node.id]);
  let count = 0;
  const walk = (current: CategoryNode): void => {
    for (const child of childrenOf(current)) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      count += 1;
      walk(child);
    }
  };
  walk(node);
  return count;
}

/**
 * The rows on screen, depth first in API order: every top-level node, and the children of
 * every shown node whose id is in `expanded`. A node met twice (a cycle in bad data) is shown once.
 */
export function visibleRows(tree: readonly CategoryNode[], expanded: ExpandedIds): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const seen = new Set<number>();
  const walk = (nodes: readonly CategoryNode[], depth: number): void => {
    const fresh = nodes.filter((node) => !seen.has(node.id));
    fresh.forEach((node) => seen.add(node.id));
    fresh.forEach((node, index) => {
      const withChildren = hasChildren(node);
      const open = withChildren && expanded.has(node.id);
      rows.push({
        node,
        depth,
        hasChildren: withChildren,
        expanded: open,
        descendantCount: countDescendants(node),
        position: index + 1,
        siblings: fresh.length,
      });
      if (open) walk(childrenOf(node), depth + 1);
    });
  };
  walk(tree, 0);
  return rows;
}

/** Ids of every node that has children, at any depth ("Expand all"). */
export function expandableIds(tree: readonly CategoryNode[]): Set<number> {
  const ids = new Set<number>();
  const walk = (nodes: readonly CategoryNode[]): void => {
    for (const node of nodes) {
      if (ids.has(node.id) || !hasChildren(node)) continue;
      ids.add(node.id);
      walk(childrenOf(node));
    }
  };
  walk(tree);
  return ids;
}

/**
 * The initial state: the top-level nodes open (so the main sections show), everything below
 * them collapsed.
 */
export function defaultExpanded(tree: readonly CategoryNode[]): Set<number> {
  return new Set(tree.filter(hasChildren).map((node) => node.id));
}

/** A new set with `id` added or removed. */
export function toggleExpanded(expanded: ExpandedIds, id: number): Set<number> {
  const next = new Set(expanded);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Whether every node with children is expanded. */
export function isAllExpanded(tree: readonly CategoryNode[], expanded: ExpandedIds): boolean {
  for (const id of expandableIds(tree)) if (!expanded.has(id)) return false;
  return true;
}

/** The nodes from a top-level node down to the node `id` (both included), or null when absent. */
export function findPath(tree: readonly CategoryNode[], id: number): CategoryNode[] | null {
  const seen = new Set<number>();
  const walk = (nodes: readonly CategoryNode[], path: CategoryNode[]): CategoryNode[] | null => {
    for (const node of nodes) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      const here = [...path, node];
      if (node.id === id) return here;
      const found = walk(childrenOf(node), here);
      if (found) return found;
    }
    return null;
  };
  return walk(tree, []);
}

/** `expanded` plus the ancestors of `id`, so that the node becomes visible. */
export function revealNode(tree: readonly CategoryNode[], expanded: ExpandedIds, id: number): Set<number> {
  const next = new Set(expanded);
  const path = findPath(tree, id);
  if (path) for (const ancestor of path.slice(0, -1)) next.add(ancestor.id);
  return next;
}

/** Number of nodes in the tree. */
export function countNodes(tree: readonly CategoryNode[]): number {
  return tree.reduce((sum, node) => sum + 1 + countDescendants(node), 0);
}
